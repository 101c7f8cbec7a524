package pack

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/duelistgame/duelist/card"
)

func TestDefaultProducts(t *testing.T) {
	cat := Default()
	// products.json's five, then a booster of each finished booster set of the pool (LOB ...)
	want := []string{"pool", "sdy", "sdk", "5ds", "kouhu"}
	for _, s := range card.Pool().Sets() {
		if s.IsBooster() && s.Finished {
			want = append(want, s.Folder())
		}
	}
	if len(cat.Products) != len(want) {
		t.Fatalf("%d products, want %d", len(cat.Products), len(want))
	}
	for i, id := range want {
		p, err := cat.Product(id)
		if err != nil || cat.Products[i] != p {
			t.Fatalf("product %q: %v", id, err)
		}
	}
	pool, _ := cat.Product("pool")
	n, pending := 0, 0
	for _, cs := range pool.Cards {
		n += len(cs)
		for _, p := range cs {
			if c, _ := card.Pool().ByPasscode(p); c.Pending() {
				t.Errorf("the pool booster sells %s, a card not written yet (card.Data.Pending)", c.Name)
			}
		}
	}
	for _, c := range card.Pool().All() {
		if c.Pending() {
			pending++
		}
	}
	if n != card.Pool().Len()-pending {
		t.Errorf("the pool booster holds %d cards, the pool %d of which %d are pending", n, card.Pool().Len(), pending)
	}
}

func TestParseErrors(t *testing.T) {
	odds := `"odds": {"slots": {"N": 100}, "last": {"R": 100}, "sr_guarantee": {"SR": 100}, "ur_guarantee": {"UR": 100}}`
	tests := []struct{ in, want string }{
		{`{"odds": {"slots": {"N": 50}, "last": {"R": 100}, "sr_guarantee": {"SR": 100}, "ur_guarantee": {"UR": 100}}}`, `"slots" sum to 50%`},
		{`{` + odds + `, "products": [{"id": "x", "game": "ocg", "sets": ["SDY"]}]}`, "has no price"},
		{`{` + odds + `, "products": [{"id": "x", "game": "mtg", "sets": ["SDY"], "price": 1}]}`, `unknown game "mtg"`},
		{`{` + odds + `, "products": [{"id": "x", "game": "ocg", "sets": ["none"], "price": 1}]}`, `has no N card`},
		{`{` + odds + `, "products": [{"id": "x", "game": "ocg", "sets": ["SDY"], "price": 1}, {"id": "x", "game": "ocg", "sets": ["SDY"], "price": 1}]}`, "given twice"},
		{`{"odds": {"slots": {"Q": 100}}}`, "unknown rarity"},
	}
	for _, tt := range tests {
		if _, err := Parse([]byte(tt.in)); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Parse(%s) = %v, want an error with %q", tt.in, err, tt.want)
		}
	}
}

// chiSquare returns Pearson's statistic of observed counts against odds in percent.
func chiSquare(obs map[card.Rarity]int, odds Odds, n int) float64 {
	x := 0.0
	for _, r := range card.Rarities {
		e := odds[r] / 100 * float64(n)
		if e == 0 {
			if obs[r] != 0 {
				return 1e9
			}
			continue
		}
		d := float64(obs[r]) - e
		x += d * d / e
	}
	return x
}

// TestOdds draws 100,000 single packs of the pool booster with a fixed seed and checks the
// rarities of slots 1-7 and of slot 8 against the published odds with a chi-square test at the
// 0.1% level (16.27 for 3 degrees of freedom, 13.82 for 2).
func TestOdds(t *testing.T) {
	cat := Default()
	p, _ := cat.Product("pool")
	r := NewRoller(cat, rand.NewPCG(1, 2))
	owned := Owned{}
	slots, last := map[card.Rarity]int{}, map[card.Rarity]int{}
	const packs = 100000
	for range packs {
		pk := r.Pack(p, owned)
		if len(pk) != PackSize {
			t.Fatalf("a pack of %d cards", len(pk))
		}
		for i, c := range pk {
			if i < PackSize-1 {
				slots[rarityIn(p, c)]++
			} else {
				last[rarityIn(p, c)]++
			}
		}
	}
	if x := chiSquare(slots, cat.Odds.Slots, packs*(PackSize-1)); x > 16.27 {
		t.Errorf("slots 1-7: chi-square %.2f > 16.27 (observed %v, odds %v)", x, slots, cat.Odds.Slots)
	}
	if last[card.N] != 0 {
		t.Errorf("slot 8 gave %d N cards", last[card.N])
	}
	if x := chiSquare(last, cat.Odds.Last, packs); x > 13.82 {
		t.Errorf("slot 8: chi-square %.2f > 13.82 (observed %v, odds %v)", x, last, cat.Odds.Last)
	}
	t.Logf("slots 1-7 %v, slot 8 %v", slots, last)
}

// TestChiSquareCatchesWrongOdds shows the check can fail: the same draws against other odds.
func TestChiSquareCatchesWrongOdds(t *testing.T) {
	obs := map[card.Rarity]int{card.N: 55000, card.R: 35000, card.SR: 7500, card.UR: 2500}
	if x := chiSquare(obs, Odds{card.N: 56, card.R: 34, card.SR: 7.5, card.UR: 2.5}, 100000); x < 16.27 {
		t.Errorf("a 1%% shift gives chi-square %.2f, under the threshold", x)
	}
}

func TestTenPackGuarantees(t *testing.T) {
	cat := Default()
	for _, p := range cat.Products {
		r := NewRoller(cat, rand.NewPCG(3, uint64(len(p.ID))))
		owned, due := Owned{}, false
		noUR := 0
		for i := range 2000 {
			o := r.Open(p, 10, owned, due)
			best := card.NoRarity
			for _, pk := range o.Packs {
				for _, c := range pk {
					best = max(best, rarityIn(p, c))
				}
			}
			if len(o.Packs) != 10 || best < card.SR {
				t.Fatalf("%s 10-pack %d: %d packs, best %v", p.ID, i, len(o.Packs), best)
			}
			if due && best < card.UR {
				t.Fatalf("%s 10-pack %d was owed a UR and had none", p.ID, i)
			}
			if o.URDue != (best < card.UR) {
				t.Fatalf("%s 10-pack %d: URDue %v with best %v", p.ID, i, o.URDue, best)
			}
			if best < card.UR {
				noUR++
			}
			due = o.URDue
		}
		if noUR == 0 {
			t.Errorf("%s: every 10-pack had a UR; the guarantee was never tested", p.ID)
		}
	}
}

func TestSinglePackKeepsURDue(t *testing.T) {
	cat := Default()
	p, _ := cat.Product("sdy")
	r := NewRoller(cat, rand.NewPCG(5, 5))
	if o := r.Open(p, 1, Owned{}, true); !o.URDue || len(o.Packs) != 1 {
		t.Errorf("a single pack: URDue %v, %d packs", o.URDue, len(o.Packs))
	}
}

// TestNoFourthCopy opens packs one by one and checks, after each, that no card has a 4th copy
// while another card of its rarity in the product has fewer than 3.
func TestNoFourthCopy(t *testing.T) {
	cat := Default()
	for _, p := range cat.Products {
		r := NewRoller(cat, rand.NewPCG(7, 7))
		owned := Owned{}
		for i := range 300 {
			r.Pack(p, owned)
			for ra, cs := range p.Cards {
				lo, hi := 1<<30, 0
				for _, c := range cs {
					lo, hi = min(lo, owned[c]), max(hi, owned[c])
				}
				if hi > MaxUseful && lo < MaxUseful {
					t.Fatalf("%s pack %d: a %v card has %d copies while another has %d", p.ID, i, ra, hi, lo)
				}
			}
		}
	}
}

func TestCryptoSource(t *testing.T) {
	s := NewCryptoSource()
	a, b, c := s.Uint64(), s.Uint64(), s.Uint64()
	if a == b && b == c {
		t.Error("the crypto source repeats itself")
	}
}

func TestPoints(t *testing.T) {
	for _, r := range card.Rarities {
		if CraftPoints(r)/DismantlePoints(r) != 3 {
			t.Errorf("%v: craft %d, dismantle %d", r, CraftPoints(r), DismantlePoints(r))
		}
	}
	if CraftPoints(card.NoRarity) != 0 {
		t.Error("a card without rarity can be crafted")
	}
}

// TestFinishedBoosterIsAProduct: a booster set marked finished becomes a product of its own (its
// folder as id, its name, its cards by rarity at the file's set price); unfinished, it is none.
func TestFinishedBoosterIsAProduct(t *testing.T) {
	var b strings.Builder
	b.WriteString("set TST\nname Test Booster\nname.zh-CN 测试补充包\nproduct booster\nreleased 2002-03-08\nsize 4\nfinished yes\n")
	for i, r := range []string{"N", "R", "SR", "UR"} {
		fmt.Fprintf(&b, "\ncard %d\nname Card %d\nname.zh-CN 卡%d\nkind Normal Spell\nsets TST\nrarity %s\ntext Does a thing.\n", i+1, i+1, i+1, r)
	}
	pool, err := card.PoolWith(card.SetFS("TST", b.String()))
	if err != nil {
		t.Fatal(err)
	}
	cat, err := ParseWith(productsJSON, pool)
	if err != nil {
		t.Fatal(err)
	}
	p, err := cat.Product("tst")
	if err != nil {
		t.Fatalf("no product for the finished set: %v", err)
	}
	if p.Name != "Test Booster" || p.NameZH != "测试补充包" || p.Game != "ocg" || p.Price != 100 || len(p.Cards[card.UR]) != 1 ||
		p.Rarity(4) != card.UR || p.Rarity(1) != card.N {
		t.Errorf("the finished set's product: %+v", *p)
	}
	unfinished, err := card.PoolWith(card.SetFS("TST", strings.Replace(b.String(), "finished yes\n", "", 1)))
	if err != nil {
		t.Fatal(err)
	}
	if cat, err := ParseWith(productsJSON, unfinished); err != nil || len(cat.Products) != len(Default().Products) {
		t.Errorf("an unfinished set made a product: %v, %v", err, cat)
	}
}
