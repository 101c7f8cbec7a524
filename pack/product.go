// Package pack holds the products players buy (boosters of the card pool, of each card set and
// of the kouhu set) as data (products.json), their published odds, and the roller that opens
// packs by those odds and slot rules. It does no I/O: the random source is given, cryptographic
// in production (NewCryptoSource) and seeded in tests.
package pack

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/kouhu"
)

// PackSize is the number of cards in a pack; the last slot is R or better.
const PackSize = 8

// Odds is a rarity's chance in percent, for one kind of slot.
type Odds map[card.Rarity]float64

// Table is the published odds of every slot kind.
type Table struct {
	// Slots is the odds of slots 1 to PackSize-1.
	Slots Odds `json:"slots"`
	// Last is the odds of the last slot (R or better).
	Last Odds `json:"last"`
	// SRGuarantee is the last slot of the 10th pack of a 10-pack that had no SR or UR.
	SRGuarantee Odds `json:"sr_guarantee"`
	// URGuarantee is the last slot of the 10th pack of a 10-pack owed a UR (the previous
	// 10-pack of the product had none) that has not had one.
	URGuarantee Odds `json:"ur_guarantee"`
}

// Product is one booster a player can buy.
type Product struct {
	ID     string   `json:"id"`
	Name   string   `json:"name"`
	NameZH string   `json:"name_zh"`
	Game   string   `json:"game"`  // "ocg" (the card pool) or "kouhu" (the kouhu set)
	Sets   []string `json:"sets"`  // the card sets (card.Data.Sets) it holds; "*" for every card of its game
	Price  int      `json:"price"` // gems per pack; a 10-pack costs ten times as much
	// Cards lists the product's cards by rarity, each list by passcode.
	Cards  map[card.Rarity][]card.Passcode `json:"-"`
	rarity map[card.Passcode]card.Rarity
}

// Rarity returns the rarity of a card of the product; NoRarity if the product does not hold it.
func (p *Product) Rarity(c card.Passcode) card.Rarity { return p.rarity[c] }

// Catalog is every product with the odds they share.
type Catalog struct {
	Odds     Table
	Products []*Product
}

//go:embed products.json
var productsJSON []byte

// Default returns the project's products (products.json, and a booster of every finished set)
// filled with the cards of their sets. It panics if the embedded file is malformed, which the
// package's tests rule out.
func Default() *Catalog {
	c, err := Parse(productsJSON)
	if err != nil {
		panic(err)
	}
	return c
}

// Parse reads a products file and fills each product with its cards from the card pool or the
// kouhu set; a product without a card of every rarity, or odds that do not sum to 100, are errors.
// Every booster of the card pool marked finished (card.Set.Finished) that no product of the file
// sells alone is a product too: its id is the set's folder (lob), its name the set's, its cards
// the set's, at the file's set_booster_price.
func Parse(data []byte) (*Catalog, error) { return ParseWith(data, card.Pool()) }

// ParseWith is Parse with the card pool given (tests pass one with a set of their own).
func ParseWith(data []byte, pool *card.DB) (*Catalog, error) {
	var f struct {
		Odds     Table      `json:"odds"`
		Products []*Product `json:"products"`
		// SetPrice is the price of the boosters made from the finished sets.
		SetPrice int `json:"set_booster_price"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("pack: products file: %w", err)
	}
	for name, o := range map[string]Odds{"slots": f.Odds.Slots, "last": f.Odds.Last,
		"sr_guarantee": f.Odds.SRGuarantee, "ur_guarantee": f.Odds.URGuarantee} {
		sum := 0.0
		for _, p := range o {
			sum += p
		}
		if sum < 99.999 || sum > 100.001 {
			return nil, fmt.Errorf("pack: odds %q sum to %g%%, not 100%%", name, sum)
		}
	}
	for _, s := range pool.Sets() {
		sold := slices.ContainsFunc(f.Products, func(p *Product) bool { return slices.Equal(p.Sets, []string{s.Code}) })
		if s.IsBooster() && s.Finished && !sold {
			name := s.NameZH
			if name == "" {
				name = s.Name
			}
			f.Products = append(f.Products, &Product{ID: s.Folder(), Name: s.Name, NameZH: name, Game: "ocg",
				Sets: []string{s.Code}, Price: f.SetPrice})
		}
	}
	ids := map[string]bool{}
	for _, p := range f.Products {
		if p.ID == "" || ids[p.ID] {
			return nil, fmt.Errorf("pack: product id %q is empty or given twice", p.ID)
		}
		ids[p.ID] = true
		if p.Price <= 0 {
			return nil, fmt.Errorf("pack: product %q has no price", p.ID)
		}
		var db *card.DB
		switch p.Game {
		case "ocg":
			db = pool
		case "kouhu":
			db = kouhu.CardDB()
		default:
			return nil, fmt.Errorf("pack: product %q: unknown game %q (want ocg or kouhu)", p.ID, p.Game)
		}
		p.Cards, p.rarity = map[card.Rarity][]card.Passcode{}, map[card.Passcode]card.Rarity{}
		for _, c := range db.All() {
			if c.Kind&card.Token == 0 && !c.Pending() && (slices.Contains(p.Sets, "*") ||
				slices.ContainsFunc(c.Sets, func(s string) bool { return slices.Contains(p.Sets, s) })) {
				p.Cards[c.Rarity] = append(p.Cards[c.Rarity], c.Passcode)
				p.rarity[c.Passcode] = c.Rarity
			}
		}
		for _, r := range card.Rarities {
			if len(p.Cards[r]) == 0 {
				return nil, fmt.Errorf("pack: product %q has no %v card", p.ID, r)
			}
		}
	}
	return &Catalog{Odds: f.Odds, Products: f.Products}, nil
}

// Product returns the product of the given id.
func (c *Catalog) Product(id string) (*Product, error) {
	for _, p := range c.Products {
		if p.ID == id {
			return p, nil
		}
	}
	return nil, fmt.Errorf("pack: no product %q", id)
}
