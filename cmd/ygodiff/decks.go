//go:build refcore

package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"
	"github.com/duelistgame/duelist/deck"
	"github.com/duelistgame/duelist/decks"
	"github.com/duelistgame/duelist/internal/randdeck"
)

// deckOptions say where the duels' decks come from: two fixed decks, random decks of booster
// sets, or probe decks around cards.
type deckOptions struct {
	deckA, deckB    string
	sets, setsDir   string
	probe, probeSet string
}

// duelSpec is one duel to play: its seed, the two decks and the group it counts in (a probed
// card, a set).
type duelSpec struct {
	seed  uint64
	decks duelDecks
	group string
	probe card.Passcode // the probed card, or 0
}

// label says which group a failing duel belongs to.
func (g duelSpec) label() string {
	if g.group == "" {
		return ""
	}
	return " [" + g.group + "]"
}

// filePrefix names a reproduction by its probed card.
func (g duelSpec) filePrefix() string {
	if g.probe != 0 {
		return fmt.Sprintf("probe-%d-", g.probe)
	}
	return ""
}

// deckSource makes the duels' decks.
type deckSource struct {
	fixed   duelDecks
	pool    *randdeck.Pool
	sets    string
	targets []card.Passcode // probe mode: the cards probed
	lines   []string        // what to report before the duels
}

// newDeckSource reads the options.
func newDeckSource(o deckOptions) (*deckSource, error) {
	modes := 0
	for _, s := range []string{o.sets, o.probe, o.probeSet} {
		if s != "" {
			modes++
		}
	}
	if o.sets != "" && o.probe != "" && o.probeSet == "" {
		modes-- // -probe with -sets: the probes' decks are filled from these sets
	}
	if modes > 1 || modes == 1 && (o.deckA != "" || o.deckB != "") {
		return nil, fmt.Errorf("choose one of -deck/-opp-deck, -sets, -probe (with -sets or not) and -probe-set")
	}
	src := &deckSource{}
	if modes == 0 {
		if o.deckA == "" {
			o.deckA = "normal-monsters"
		}
		if o.deckB == "" {
			o.deckB = o.deckA
		}
		a, err := loadDeck(o.deckA)
		if err != nil {
			return nil, err
		}
		b, err := loadDeck(o.deckB)
		if err != nil {
			return nil, err
		}
		src.fixed = duelDecks{a, b}
		return src, nil
	}
	setList := o.sets + o.probeSet
	cfg := randdeck.Config{Implemented: cards.Implemented, Banlist: deck.DefaultBanlist(), Materials: materials}
	if setList != "" {
		names := strings.Split(setList, ",")
		codes, err := randdeck.ReadSets(o.setsDir, names)
		if err != nil {
			return nil, err
		}
		codes = randdeck.WithPrinted(codes, nil, names)
		src.pool = randdeck.NewPool(codes, cfg)
		src.sets = setList
		src.lines = append(src.lines, fmt.Sprintf("POOL %s: %d Main Deck cards (%d with copies), %d Extra Deck, %d skipped",
			setList, len(src.pool.Main), src.pool.Size(), len(src.pool.Extra), len(src.pool.Skipped)))
		for _, s := range src.pool.Skipped {
			src.lines = append(src.lines, fmt.Sprintf("SKIP %d %s: %s", s.Code, s.Name, s.Why))
		}
		if o.probeSet != "" {
			for _, c := range randdeck.NeedsBehaviour(codes, nil) {
				if cards.Implemented(c) {
					src.targets = append(src.targets, c)
				}
			}
		}
		// -probe with -sets: the probed cards' decks are filled from these sets only
		if err := src.probeTargets(o.probe); err != nil {
			return nil, err
		}
		return src, nil
	}
	// -probe: the filler comes from every card of the pool of the boosters' era (no Synchro,
	// Xyz or Tuner monsters, whose summons the 2002-2003 cards never meet)
	var all []card.Passcode
	for _, d := range card.Pool().All() {
		if d.Kind&(card.Synchro|card.Xyz|card.Tuner) == 0 {
			all = append(all, d.Passcode)
		}
	}
	src.pool = randdeck.NewPool(all, cfg)
	if err := src.probeTargets(o.probe); err != nil {
		return nil, err
	}
	return src, nil
}

// probeTargets adds the cards of -probe (names or passcodes, comma-separated; "" none) to the
// cards probed.
func (s *deckSource) probeTargets(list string) error {
	if list == "" {
		return nil
	}
	for _, ref := range strings.Split(list, ",") {
		d, err := card.Pool().Lookup(strings.TrimSpace(ref))
		if err != nil {
			return err
		}
		s.targets = append(s.targets, d.Passcode)
	}
	return nil
}

// materials returns a Fusion Monster's materials from its script.
func materials(code card.Passcode) []card.Passcode {
	if sc := cards.Script(code); sc != nil {
		return sc.Materials
	}
	return nil
}

// report returns the lines to print before the duels (the pool, the cards skipped).
func (s *deckSource) report() []string { return s.lines }

// grouped reports whether the duels count by group.
func (s *deckSource) grouped() bool { return len(s.targets) > 0 || s.sets != "" }

// duels returns the duels to play: games duels from seed on (per probed card in probe mode).
func (s *deckSource) duels(seed uint64, games int) ([]duelSpec, error) {
	var out []duelSpec
	switch {
	case len(s.targets) > 0:
		for _, t := range s.targets {
			name := strconv.Itoa(int(t))
			if d, ok := card.Pool().ByPasscode(t); ok {
				name = fmt.Sprintf("%s (%d)", d.Name, t)
			}
			for i := 0; i < games; i++ {
				sd := seed + uint64(i)
				rng := rand.New(rand.NewPCG(sd, uint64(t)))
				a, err := s.pool.Probe(t, rng)
				if err != nil {
					return nil, err
				}
				b, err := s.pool.Probe(t, rng)
				if err != nil {
					return nil, err
				}
				out = append(out, duelSpec{seed: sd, decks: duelDecks{fromDeck(a), fromDeck(b)}, group: name, probe: t})
			}
		}
	case s.pool != nil:
		for i := 0; i < games; i++ {
			sd := seed + uint64(i)
			rng := rand.New(rand.NewPCG(sd, 0x5e75))
			a, err := s.pool.Deck(rng)
			if err != nil {
				return nil, err
			}
			b, err := s.pool.Deck(rng)
			if err != nil {
				return nil, err
			}
			out = append(out, duelSpec{seed: sd, decks: duelDecks{fromDeck(a), fromDeck(b)}, group: s.sets})
		}
	default:
		for i := 0; i < games; i++ {
			out = append(out, duelSpec{seed: seed + uint64(i), decks: s.fixed})
		}
	}
	return out, nil
}

func fromDeck(d deck.Deck) deckList { return deckList{Main: d.Main, Extra: d.Extra} }

// loadDeck reads a preconstructed deck by name or a .ydk file.
func loadDeck(spec string) (deckList, error) {
	var dk deck.Deck
	var err error
	if strings.HasSuffix(spec, ".ydk") {
		f, ferr := os.Open(spec)
		if ferr != nil {
			return deckList{}, ferr
		}
		defer f.Close()
		dk, err = deck.ParseYDK(f, card.Pool())
	} else {
		dk, err = decks.Get(spec)
	}
	if err != nil {
		return deckList{}, err
	}
	return fromDeck(dk), nil
}
