package agent_test

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/duelistgame/duelist/agent"
	"github.com/duelistgame/duelist/cards/all"
	"github.com/duelistgame/duelist/decks"
	"github.com/duelistgame/duelist/engine"
	"github.com/duelistgame/duelist/kouhu"
	krules "github.com/duelistgame/duelist/kouhu/rules"
)

// easyDuel starts a duel of one of the three kinds Easy must play: "ocg" (Yugi against Kaiba),
// "tag" (the same decks, a partner each) and "kouhu" (its two decks).
func easyDuel(t testing.TB, kind string, seed uint64) *engine.Duel {
	t.Helper()
	cfg := engine.Config{Rules: engine.OCG(), Seed: seed, Cards: all.Library(), KeepOpenStates: true}
	switch kind {
	case "kouhu":
		cfg.Rules = krules.Rules()
		for i, key := range []string{"dragons", "knights-and-mages"} {
			dk, err := kouhu.LoadDeck(key)
			if err != nil {
				t.Fatal(err)
			}
			cfg.Decks[i].Main, cfg.Decks[i].Extra = dk.Codes()
		}
	default:
		for i, name := range []string{"yugi", "kaiba"} {
			dk, err := decks.Get(name)
			if err != nil {
				t.Fatal(err)
			}
			cfg.Decks[i] = engine.DeckList{Main: dk.Main, Extra: dk.Extra}
		}
		if kind == "tag" {
			cfg.Tag, cfg.Partners = true, cfg.Decks
		}
	}
	d, err := engine.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// checked wraps an agent and fails the test when it answers an option the prompt did not list.
type checked struct {
	t *testing.T
	a agent.Agent
}

func (c checked) Choose(d *engine.Duel, p *engine.Prompt) engine.Option {
	o := c.a.Choose(d, p)
	for _, x := range p.Options() {
		if x == o {
			return o
		}
	}
	c.t.Fatalf("answered %v, not one of the %d options of a %v prompt", o, len(p.Options()), p.Kind)
	return o
}

// TestEasyAnswersOnlyListedOptions: Easy plays whole duels of every kind (against greedy, in
// both seats) answering only options the prompt lists.
func TestEasyAnswersOnlyListedOptions(t *testing.T) {
	for _, kind := range []string{"ocg", "tag", "kouhu"} {
		for seed := uint64(1); seed <= 6; seed++ {
			d := easyDuel(t, kind, seed)
			agents := make([]agent.Agent, len(d.Seats()))
			for i := range agents {
				if i%2 == int(seed%2) {
					agents[i] = checked{t, agent.NewEasy(seed + uint64(i))}
				} else {
					agents[i] = agent.NewGreedy(seed + uint64(i))
				}
			}
			if _, err := agent.Play(d, agents, 20000); err != nil {
				t.Fatalf("%s seed %d: %v", kind, seed, err)
			}
			if !d.Over() {
				t.Fatalf("%s seed %d: the duel did not end", kind, seed)
			}
			d.Close()
		}
	}
}

// TestEasyReadsNoHiddenCards: at every decision of one team's seats (in ocg, tag and kouhu duels
// of Easy against Easy), a copy of the duel with every card hidden from that seat re-dealt
// (Determinize: the opponents' hands, the Decks, face-down cards it does not control) gets the
// same answer from an Easy agent with the same seed: the policy reads only what its seat sees.
func TestEasyReadsNoHiddenCards(t *testing.T) {
	compared, differed, noWorld := 0, 0, 0
	for _, kind := range []string{"ocg", "tag", "kouhu"} {
		for seed := uint64(1); seed <= 5; seed++ {
			d := easyDuel(t, kind, seed)
			rng := rand.New(rand.NewPCG(seed, 99))
			agents := make([]agent.Agent, len(d.Seats()))
			for i := range agents {
				agents[i] = agent.NewEasy(seed*10 + uint64(i)) // Easy Sets monsters: face-down cards to read
			}
			for n, p := 0, d.Prompt(); p != nil && n < 3000; n, p = n+1, d.Prompt() {
				var o engine.Option
				if p.Seat.Team() == engine.Seat(seed%2) && len(p.Options()) > 1 && d.Turn() > 0 {
					o = agent.NewEasy(seed).Choose(d, p)
					w, err := d.Determinize(p.Seat, rng)
					if errors.Is(err, engine.ErrNoWorld) {
						noWorld++ // the answers since the last open state tell of the hidden cards
						if err := d.Answer(o); err != nil {
							t.Fatalf("%s seed %d: %v", kind, seed, err)
						}
						continue
					}
					if err != nil {
						t.Fatalf("%s seed %d answer %d: %v", kind, seed, n, err)
					}
					if wo := agent.NewEasy(seed).Choose(w, w.Prompt()); wo != o {
						differed++
						if differed <= 5 {
							t.Errorf("%s seed %d answer %d (%v prompt): %s in the duel, %s in a world re-dealt",
								kind, seed, n, p.Kind, d.OptionTextFor(p.Seat, o), w.OptionTextFor(p.Seat, wo))
						}
					}
					w.Close()
					compared++
				} else {
					o = agents[p.Seat].Choose(d, p)
				}
				if err := d.Answer(o); err != nil {
					t.Fatalf("%s seed %d: %v", kind, seed, err)
				}
			}
			d.Close()
		}
	}
	t.Logf("%d decisions compared, %d differed, %d with no other world", compared, differed, noWorld)
	if compared < 300 {
		t.Errorf("only %d decisions compared", compared)
	}
}

// TestEasyBlocksTogether: under kouhu Easy weighs every answer to an attack by playing out its
// engagements, several blockers in each of their orders included: against an attacker none of its
// creatures destroys alone it blocks with two, in the order that loses the less valuable one
// (Mystical Elf, then Harpie Lady), where the single-blocker rule let the attack through.
func TestEasyBlocksTogether(t *testing.T) {
	d := puzzle(t, "kouhu-block-together.duel")
	defer d.Close()
	b := agent.NewEasy(1)
	blocked := ""
	for p := d.Prompt(); p != nil && d.Turn() == 3; p = d.Prompt() {
		o := find(p, engine.OptAttack, engine.OptPass, engine.OptMain2, engine.OptEnd) // A attacks, then ends its turn
		if p.Seat == engine.B {
			o = b.Choose(d, p)
		}
		if p.Kind == engine.PromptBlock {
			blocked = d.OptionTextFor(engine.B, o)
		}
		if err := d.Answer(o); err != nil {
			t.Fatal(err)
		}
	}
	if want := `block "Mystical Elf"@B:M1 "Harpie Lady"@B:M2`; blocked != want {
		t.Fatalf("Easy answered the attack with %q, want %q", blocked, want)
	}
	if gy := names(d, d.Pile(engine.A, engine.GY)); gy != "Curse of Dragon" {
		t.Errorf("A's GY: %s", gy)
	}
	if gy := names(d, d.Pile(engine.B, engine.GY)); gy != "Mystical Elf" {
		t.Errorf("B's GY: %s", gy)
	}
}

// find returns the prompt's first option of the first kind listed that it has, else its first.
func find(p *engine.Prompt, kinds ...engine.OptionKind) engine.Option {
	for _, k := range kinds {
		for _, o := range p.Options() {
			if o.Kind == k {
				return o
			}
		}
	}
	return p.Options()[0]
}

// names lists the cards' names, comma-separated.
func names(d *engine.Duel, ids []engine.CardID) string {
	s := ""
	for i, id := range ids {
		if i > 0 {
			s += ", "
		}
		s += d.Card(id).Data.Name
	}
	return s
}

// firstIdle returns A's first idle prompt of the position (the other prompts answered by Easy)
// and Easy's answer to it.
func firstIdle(t *testing.T, d *engine.Duel) (*engine.Prompt, engine.Option) {
	t.Helper()
	a := agent.NewEasy(1)
	for p := d.Prompt(); p != nil; p = d.Prompt() {
		o := a.Choose(d, p)
		if p.Seat == engine.A && p.Kind == engine.PromptIdle {
			return p, o
		}
		if err := d.Answer(o); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("no idle prompt for A")
	return nil, engine.Option{}
}

// TestEasyFlipsToAttack: a Set monster weaker than the strongest monster the opponent shows is
// flipped in Main Phase 1 when it has an attack to make (Battle Ox beats Celtic Guardian), and is
// not when it has none.
func TestEasyFlipsToAttack(t *testing.T) {
	d := puzzle(t, "easy-flip-to-attack.duel")
	defer d.Close()
	if _, o := firstIdle(t, d); o.Kind != engine.OptFlip || d.Card(o.Card).Data.Name != "Battle Ox" {
		t.Fatalf("Easy answered %s, want to flip Battle Ox", d.OptionText(o))
	}
	d2 := puzzle(t, "easy-flip-no-attack.duel")
	defer d2.Close()
	if _, o := firstIdle(t, d2); o.Kind == engine.OptFlip {
		t.Fatalf("Easy answered %s with no attack to make", d2.OptionText(o))
	}
}

// TestEasyTrades: a monster attacks an opponent's face-up Attack Position monster of equal ATK
// (both are destroyed) rather than ending the turn.
func TestEasyTrades(t *testing.T) {
	d := puzzle(t, "easy-trade.duel")
	defer d.Close()
	a, b := agent.NewEasy(1), agent.NewGreedy(1)
	for p := d.Prompt(); p != nil && d.Turn() == 3; p = d.Prompt() {
		o := b.Choose(d, p)
		if p.Seat == engine.A {
			o = a.Choose(d, p)
		}
		if err := d.Answer(o); err != nil {
			t.Fatal(err)
		}
	}
	if gy := names(d, d.Pile(engine.A, engine.GY)); gy != "Celtic Guardian" {
		t.Errorf("A's GY: %q, want Celtic Guardian (the trade)", gy)
	}
	if gy := names(d, d.Pile(engine.B, engine.GY)); gy != "Celtic Guardian" {
		t.Errorf("B's GY: %q, want Celtic Guardian (the trade)", gy)
	}
}

// TestEasySetsUnusedSpells: a Spell Easy has no use for now (an Equip Spell with no monster to
// equip) is Set before the turn ends.
func TestEasySetsUnusedSpells(t *testing.T) {
	d := puzzle(t, "easy-set-unused-spell.duel")
	defer d.Close()
	if _, o := firstIdle(t, d); o.Kind != engine.OptSet || d.Card(o.Card).Data.Name != "Sword of Dark Destruction" {
		t.Fatalf("Easy answered %s, want to Set Sword of Dark Destruction", d.OptionText(o))
	}
}

// TestEasyPressesOn: a monster a little weaker than the strongest the opponent shows is summoned
// face-up when it has a monster to destroy (Celtic Guardian against Rogue Doll and Terra the
// Terrible), and Set when Easy's LP are low.
func TestEasyPressesOn(t *testing.T) {
	for file, want := range map[string]engine.OptionKind{"easy-press-on.duel": engine.OptSummon, "easy-press-on-low-lp.duel": engine.OptSet} {
		d := puzzle(t, file)
		if _, o := firstIdle(t, d); o.Kind != want || d.Card(o.Card).Data.Name != "Celtic Guardian" {
			t.Errorf("%s: Easy answered %s, want %v Celtic Guardian", file, d.OptionText(o), want)
		}
		d.Close()
	}
}

// TestEasySummonsBeforeSpells: with a monster to summon and a Spell that is no removal (Card
// Destruction, which would discard the monster), Easy summons first.
func TestEasySummonsBeforeSpells(t *testing.T) {
	d := puzzle(t, "easy-summon-before-spells.duel")
	defer d.Close()
	if _, o := firstIdle(t, d); o.Kind != engine.OptSummon || d.Card(o.Card).Data.Name != "Celtic Guardian" {
		t.Fatalf("Easy answered %s, want to summon Celtic Guardian before Card Destruction", d.OptionText(o))
	}
}

// TestEasyKeepsWhatASetWouldNotSave: a monster a little weaker than the strongest the opponent
// shows, whose DEF would not stop that monster's attack either, is not Set while Easy already has
// a monster on the field (it stays in the hand); with no monster on the field it is Set.
func TestEasyKeepsWhatASetWouldNotSave(t *testing.T) {
	d := puzzle(t, "easy-keep-unsaved.duel")
	if _, o := firstIdle(t, d); (o.Kind == engine.OptSet || o.Kind == engine.OptSummon) && d.Card(o.Card).Data.Name == "Celtic Guardian" {
		t.Errorf("Easy answered %s, want Celtic Guardian kept in the hand", d.OptionText(o))
	}
	d.Close()
	d = puzzle(t, "easy-keep-unsaved-alone.duel")
	if _, o := firstIdle(t, d); o.Kind != engine.OptSet || d.Card(o.Card).Data.Name != "Celtic Guardian" {
		t.Errorf("with no monster on the field Easy answered %s, want to Set Celtic Guardian", d.OptionText(o))
	}
	d.Close()
}

// TestEasyAttacksWeakestFirst: of two monsters that both destroy the opponent's only monster,
// the weaker attacks it, so that the stronger attacks directly (B takes 3,000, not 1,400).
func TestEasyAttacksWeakestFirst(t *testing.T) {
	d := puzzle(t, "easy-attack-weakest-first.duel")
	defer d.Close()
	a, b := agent.NewEasy(1), agent.NewGreedy(1)
	for p := d.Prompt(); p != nil && d.Turn() == 3; p = d.Prompt() {
		o := b.Choose(d, p)
		if p.Seat == engine.A {
			o = a.Choose(d, p)
		}
		if err := d.Answer(o); err != nil {
			t.Fatal(err)
		}
	}
	if lp := d.LP(engine.B); lp != 5000 {
		t.Errorf("B's LP after A's Battle Phase: %d, want 5000 (Celtic Guardian on the Defense Position monster, Blue-Eyes directly)", lp)
	}
}
