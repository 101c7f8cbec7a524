package pack

import (
	crand "crypto/rand"
	"encoding/binary"
	"math/rand/v2"

	"github.com/duelistgame/duelist/card"
)

// MaxUseful is the copies of a card a deck can use; the roller gives no further copy of a card
// while another card of the same rarity of the product is owned fewer times.
const MaxUseful = 3

// cryptoSource is a rand.Source reading crypto/rand.
type cryptoSource struct{}

func (cryptoSource) Uint64() uint64 {
	var b [8]byte
	_, _ = crand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24+)
	return binary.LittleEndian.Uint64(b[:])
}

// NewCryptoSource returns the random source of production rolls: crypto/rand.
func NewCryptoSource() rand.Source { return cryptoSource{} }

// Roller opens packs of one catalog from one random source. It is not safe for concurrent use.
type Roller struct {
	cat *Catalog
	rng *rand.Rand
}

// NewRoller returns a roller over cat drawing from src (NewCryptoSource in production, a seeded
// rand.NewPCG in tests).
func NewRoller(cat *Catalog, src rand.Source) *Roller {
	return &Roller{cat: cat, rng: rand.New(src)}
}

// Owned counts a player's copies of each card; the roller adds what it rolls.
type Owned map[card.Passcode]int

// Opening is what one purchase brought: its packs, each PackSize cards, in slot order.
type Opening struct {
	Packs [][]card.Passcode
	// URDue is the product's UR guarantee after this purchase: set by a 10-pack without a UR,
	// cleared by a 10-pack (which brings one). A single pack leaves it as it was.
	URDue bool
}

// rarity draws a rarity by the odds.
func (r *Roller) rarity(o Odds) card.Rarity {
	x := r.rng.Float64() * 100
	for _, ra := range card.Rarities {
		if p := o[ra]; x < p {
			return ra
		} else {
			x -= p
		}
	}
	// Rounding: the rarest rarity with odds.
	for i := len(card.Rarities) - 1; i >= 0; i-- {
		if o[card.Rarities[i]] > 0 {
			return card.Rarities[i]
		}
	}
	return card.N
}

// pick draws a card of rarity ra from p, skipping cards owned MaxUseful times or more while any
// card of that rarity is owned fewer times, and counts it in owned.
func (r *Roller) pick(p *Product, ra card.Rarity, owned Owned) card.Passcode {
	all := p.Cards[ra]
	var want []card.Passcode
	for _, c := range all {
		if owned[c] < MaxUseful {
			want = append(want, c)
		}
	}
	if len(want) == 0 {
		want = all
	}
	c := want[r.rng.IntN(len(want))]
	owned[c]++
	return c
}

// Pack opens one pack of p: slots 1-7 at the Slots odds, the last at the Last odds.
func (r *Roller) Pack(p *Product, owned Owned) []card.Passcode {
	return r.pack(p, owned, r.cat.Odds.Last)
}

func (r *Roller) pack(p *Product, owned Owned, last Odds) []card.Passcode {
	return append(r.slots(p, owned), r.pick(p, r.rarity(last), owned))
}

// slots draws the first PackSize-1 cards of a pack.
func (r *Roller) slots(p *Product, owned Owned) []card.Passcode {
	out := make([]card.Passcode, 0, PackSize)
	for range PackSize - 1 {
		out = append(out, r.pick(p, r.rarity(r.cat.Odds.Slots), owned))
	}
	return out
}

// Open opens n packs (1 or 10) of p for a player who owns owned (updated) and whose UR guarantee
// for p is urDue. A 10-pack guarantees an SR or better: if its first nine packs and the first
// seven slots of the tenth have none, the tenth's last slot uses the SRGuarantee odds; if urDue and
// no UR came before it, the last slot uses the URGuarantee odds.
func (r *Roller) Open(p *Product, n int, owned Owned, urDue bool) Opening {
	if n != 10 {
		var o Opening
		for range n {
			o.Packs = append(o.Packs, r.Pack(p, owned))
		}
		o.URDue = urDue
		return o
	}
	var o Opening
	best := card.NoRarity
	for i := range 10 {
		var pk []card.Passcode
		if i < 9 {
			pk = r.Pack(p, owned)
		} else {
			pk = r.slots(p, owned) // the first seven slots; the last below
			for _, c := range pk {
				best = max(best, rarityIn(p, c))
			}
			last := r.cat.Odds.Last
			switch {
			case urDue && best < card.UR:
				last = r.cat.Odds.URGuarantee
			case best < card.SR:
				last = r.cat.Odds.SRGuarantee
			}
			pk = append(pk, r.pick(p, r.rarity(last), owned))
		}
		for _, c := range pk {
			best = max(best, rarityIn(p, c))
		}
		o.Packs = append(o.Packs, pk)
	}
	o.URDue = best < card.UR
	return o
}

// rarityIn returns the rarity of a card of p (NoRarity for a card it does not hold).
func rarityIn(p *Product, c card.Passcode) card.Rarity { return p.rarity[c] }
