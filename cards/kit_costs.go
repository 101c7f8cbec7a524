package cards

import "github.com/duelistgame/duelist/engine"

// Costs of the kit: discarding, banishing from the Graveyard, tributing, paying LP each Standby
// Phase to keep a card. A cost is a CanPay/Pay pair of an effect (paid when it is activated, even
// if the activation is negated); Maintenance is an Automatic effect.

// Cost is the CanPay and Pay of an effect's cost.
type Cost struct {
	CanPay func(c *ctx) bool
	Pay    func(c *ctx)
}

// DiscardCost discards n cards from the hand that fit (nil: any), the effect's own card aside:
// "discard 1 card" as a cost (the player chooses).
func DiscardCost(n int, fits func(c *ctx, id cardID) bool) Cost {
	cands := func(c *ctx) []cardID {
		return c.FilterPile(c.You(), engine.Hand, func(id cardID) bool {
			return id != c.Self() && (fits == nil || fits(c, id))
		})
	}
	return Cost{
		CanPay: func(c *ctx) bool { return len(cands(c)) >= n },
		Pay:    func(c *ctx) { c.Discard(c.SelectCards(c.You(), cands(c), n, n, engine.ForDiscard)...) },
	}
}

// BanishGYCost banishes n cards that fit (nil: any) from the effect's controller's Graveyard as a
// cost ("remove from play 1 monster in your Graveyard"); not while they may not banish from the
// Graveyards (Kycoo the Ghost Destroyer).
func BanishGYCost(n int, fits func(c *ctx, id cardID) bool) Cost {
	cands := func(c *ctx) []cardID {
		return GYCards(c, c.You(), func(id cardID) bool { return fits == nil || fits(c, id) })
	}
	return Cost{
		CanPay: func(c *ctx) bool { return c.CanBanishFromGY(c.You()) && len(cands(c)) >= n },
		Pay:    func(c *ctx) { c.Banish(c.SelectCards(c.You(), cands(c), n, n, engine.ForCost)...) },
	}
}

// TributeCost tributes n monsters the effect's controller controls that fit (nil: any) as a
// cost ("Tribute 1 monster"); with self, the effect's own monster may be one of them. The
// opponent's monsters a grant lets them tribute this turn are candidates too (Soul Exchange's
// target: ygopro-core's EFFECT_EXTRA_RELEASE counts for costs; lockstep LON, Hysteric Fairy).
func TributeCost(n int, self bool, fits func(c *ctx, id cardID) bool) Cost {
	cands := func(c *ctx) []cardID {
		return c.Filter(c.Concat(c.Monsters(c.You()), c.GrantedTributes(c.You())), func(id cardID) bool {
			return (self || id != c.Self()) && (fits == nil || fits(c, id))
		})
	}
	return Cost{
		CanPay: func(c *ctx) bool { return len(cands(c)) >= n },
		Pay:    func(c *ctx) { c.Tribute(c.SelectCards(c.You(), cands(c), n, n, engine.ForTribute)...) },
	}
}

// LPCost pays n LP ("pay 1000 LP"); paying exactly all of them is allowed, and loses.
func LPCost(n int) Cost {
	return Cost{
		CanPay: func(c *ctx) bool { return c.LP(c.You()) >= n },
		Pay:    func(c *ctx) { c.PayLP(n) },
	}
}

// And pays two costs, the first first.
func (a Cost) And(b Cost) Cost {
	return Cost{
		CanPay: func(c *ctx) bool { return a.CanPay(c) && b.CanPay(c) },
		Pay:    func(c *ctx) { a.Pay(c); b.Pay(c) },
	}
}

// Maintenance is the upkeep of a face-up card ("during each of your Standby Phases, pay 100 LP or
// destroy this card"): an Automatic effect at the start of its controller's Standby Phase that
// asks whether to pay lp LP, and destroys the card when they cannot or will not. It starts no
// chain and nothing can answer it.
func Maintenance(lp int) *effect {
	return &effect{
		Kind: engine.Automatic, On: engine.On(engine.EvPhase),
		Desc: "upkeep: pay LP in your Standby Phase, or destroy this card",
		TriggerIf: func(c *ctx) bool {
			return c.Event().Phase == engine.Standby && c.TurnPlayer() == c.You()
		},
		Resolve: func(c *ctx) {
			if c.LP(c.You()) >= lp && c.AskYesNo(c.You()) {
				c.PayLP(lp)
				return
			}
			c.Destroy(c.Self())
		},
	}
}
