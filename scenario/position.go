package scenario

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/engine"
)

// FormatPosition writes a position (engine.Duel.Position) as a `.duel` file with a title and no
// moves: reading it (Parse, then File.Start) gives a duel with the same views and options, and
// exporting that duel writes the same text again. Keys at their default (LP at the start value,
// a monster in attack position, a Trap Set ...) are left out; every zone is written.
func FormatPosition(title string, pos engine.Position) ([]byte, error) {
	db := pos.DB
	if db == nil {
		db = card.Pool()
	}
	var err error
	name := func(code card.Passcode) string {
		d, ok := db.ByPasscode(code)
		if !ok {
			if err == nil {
				err = fmt.Errorf("scenario: position: passcode %d is not in the card data", code)
			}
			return `"?"`
		}
		return strconv.Quote(d.Name)
	}
	names := func(codes []card.Passcode) string {
		out := make([]string, len(codes))
		for i, c := range codes {
			out[i] = name(c)
		}
		return "[" + strings.Join(out, ", ") + "]"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "title: %s\n", strconv.Quote(title))
	if pos.Rules.Name != "" && pos.Rules.Name != "ocg" {
		fmt.Fprintf(&b, "ruleset: %s\n", pos.Rules.Name)
	}
	fmt.Fprintf(&b, "seed: %d\n", pos.Seed)
	if pos.RNG != nil {
		fmt.Fprintf(&b, "rng: \"%016x:%016x\"\n", pos.RNG[0], pos.RNG[1])
	}
	if pos.AlwaysAsk {
		b.WriteString("always_ask: true\n")
	}
	fmt.Fprintf(&b, "turn: %d\nplayer: %s\nphase: %s\n", pos.Turn, engine.SeatName(pos.Player, pos.Tag), pos.Phase)
	if pos.First != nil {
		fmt.Fprintf(&b, "went_first: %s\n", engine.SeatName(*pos.First, pos.Tag))
	}
	switch pos.Step {
	case engine.NoTiming:
		if pos.Idle {
			b.WriteString("step: idle\n")
		}
	case engine.BattleStep:
		b.WriteString("step: battle\n")
	default:
		return nil, fmt.Errorf("scenario: position: step %s cannot be written", pos.Step)
	}
	for i, key := range seatKeysOf(pos.Tag) {
		ss := &pos.Seats[i]
		fmt.Fprintf(&b, "%s:\n", key)
		if ss.LP != 0 || ss.NoLP {
			fmt.Fprintf(&b, "  lp: %d\n", ss.LP)
		}
		if ss.NormalSummoned {
			b.WriteString("  normal_summoned: true\n")
		}
		if ss.Summoned {
			b.WriteString("  summoned: true\n")
		}
		if ss.SentMonsterToGY {
			b.WriteString("  sent_monster_to_gy: true\n")
		}
		if ss.Out {
			b.WriteString("  out: true\n")
		}
		if ss.DeckedOut {
			b.WriteString("  decked_out: true\n")
		}
		if ss.ExtraSummoned {
			b.WriteString("  extra_summoned: true\n")
		}
		if len(ss.TributeGrants) > 0 {
			fmt.Fprintf(&b, "  tribute_grants: %s\n", formatRefs(ss.TributeGrants, pos.Tag))
		}
		if len(ss.Proper) > 0 {
			fmt.Fprintf(&b, "  proper: %s\n", formatRefs(ss.Proper, pos.Tag))
		}
		if len(ss.Rules) > 0 {
			fmt.Fprintf(&b, "  rules: %s\n", formatRules(ss.Rules, pos.Turn, pos.Tag))
		}
		if len(ss.PileUsed) > 0 {
			out := make([]string, len(ss.PileUsed))
			for i, u := range ss.PileUsed {
				out[i] = strconv.Quote(engine.RefText(u.At, pos.Tag)) + ": " + formatUsed(u.Used)
			}
			slices.Sort(out) // the reader takes them in key order
			fmt.Fprintf(&b, "  used: {%s}\n", strings.Join(out, ", "))
		}
		if len(ss.UsedNames) > 0 {
			out := make([]string, len(ss.UsedNames))
			for i, u := range ss.UsedNames {
				out[i] = "{card: " + name(u.Code)
				if u.Effect > 0 {
					out[i] += fmt.Sprintf(", effect: %d", u.Effect)
				}
				out[i] += "}"
			}
			fmt.Fprintf(&b, "  used_names: [%s]\n", strings.Join(out, ", "))
		}
		for _, p := range []struct {
			key   string
			codes []card.Passcode
		}{{"deck", ss.Deck}, {"hand", ss.Hand}, {"gy", ss.GY}, {"banished", ss.Banished}, {"extra", ss.Extra}} {
			if len(p.codes) > 0 {
				fmt.Fprintf(&b, "  %s: %s\n", p.key, names(p.codes))
			}
		}
		if len(ss.Resources) > 0 {
			fmt.Fprintf(&b, "  resources: %s\n", names(ss.Resources))
		}
		if ss.TappedResources > 0 {
			fmt.Fprintf(&b, "  tapped: %d\n", ss.TappedResources)
		}
		if len(ss.TappedAt) > 0 {
			out := make([]int, len(ss.TappedAt))
			for i, n := range ss.TappedAt {
				out[i] = n + 1
			}
			fmt.Fprintf(&b, "  tapped: %s\n", formatUsed(out))
		}
		if ss.ResourcePlaced {
			b.WriteString("  resource_placed: true\n")
		}
		if ss.MonsterZones > 0 {
			fmt.Fprintf(&b, "  monster_zones: %d\n", ss.MonsterZones)
		}
		if ss.SpellZones > 0 {
			fmt.Fprintf(&b, "  spell_zones: %d\n", ss.SpellZones)
		}
		if len(ss.Monsters) > 0 {
			b.WriteString("  monsters:\n")
			for _, m := range ss.Monsters {
				var f []string
				if m.TokenOf != 0 {
					f = []string{"card: " + strconv.Quote(m.TokenName), "token: " + name(m.TokenOf)}
				} else {
					f = []string{"card: " + name(m.Code)}
				}
				switch m.Pos {
				case engine.FaceUpDef:
					f = append(f, "pos: def")
				case engine.FaceDownDef:
					f = append(f, "pos: set")
				}
				f = append(f, fmt.Sprintf("zone: %d", m.Zone))
				if m.New {
					f = append(f, "new: true")
				}
				if m.Attacked {
					f = append(f, "attacked: true")
				}
				if m.Changed {
					f = append(f, "changed: true")
				}
				if m.Summon != engine.NotSummoned {
					f = append(f, "summon: "+m.Summon.String())
				}
				if m.Improper {
					f = append(f, "proper: false")
				}
				if m.Owner != nil {
					f = append(f, "owner: "+engine.SeatName(*m.Owner, pos.Tag))
				}
				if m.Tapped {
					f = append(f, "tapped: true")
				}
				if len(m.Counters) > 0 {
					f = append(f, "counters: "+counters(m.Counters))
				}
				if len(m.Material) > 0 {
					f = append(f, "materials: "+names(m.Material))
				}
				if len(m.Equips) > 0 {
					f = append(f, "equips: "+names(m.Equips))
				}
				if len(m.Mods) > 0 {
					f = append(f, "mods: "+formatMods(m.Mods, pos.Turn, pos.Tag))
				}
				if m.Link != nil {
					f = append(f, "link: "+strconv.Quote(engine.RefText(*m.Link, pos.Tag)))
				}
				if len(m.Used) > 0 {
					f = append(f, "used: "+formatUsed(m.Used))
				}
				if m.Sick != nil {
					f = append(f, fmt.Sprintf("sick: %t", *m.Sick))
				}
				if m.ReturnsTo != nil {
					f = append(f, "returns_to: "+engine.SeatName(*m.ReturnsTo, pos.Tag))
				}
				if m.Bound != nil {
					f = append(f, "bound: "+strconv.Quote(m.Bound.Text(pos.Tag)))
				}
				fmt.Fprintf(&b, "    - {%s}\n", strings.Join(f, ", "))
			}
		}
		spell := func(sp engine.SpellSetup, zone bool) string {
			f := []string{"card: " + name(sp.Code)}
			if sp.FaceUp {
				f = append(f, "pos: up")
			} else {
				f = append(f, "pos: set")
			}
			if zone {
				f = append(f, fmt.Sprintf("zone: %d", sp.Zone))
			}
			if sp.New {
				f = append(f, "new: true")
			}
			if sp.Turns > 0 {
				f = append(f, fmt.Sprintf("turns: %d", sp.Turns))
			}
			if len(sp.Counters) > 0 {
				f = append(f, "counters: "+counters(sp.Counters))
			}
			if len(sp.Mods) > 0 {
				f = append(f, "mods: "+formatMods(sp.Mods, pos.Turn, pos.Tag))
			}
			if sp.Link != nil {
				f = append(f, "link: "+strconv.Quote(engine.RefText(*sp.Link, pos.Tag)))
			}
			if len(sp.Used) > 0 {
				f = append(f, "used: "+formatUsed(sp.Used))
			}
			if sp.Bound != nil {
				f = append(f, "bound: "+strconv.Quote(sp.Bound.Text(pos.Tag)))
			}
			return "{" + strings.Join(f, ", ") + "}"
		}
		if len(ss.Spells) > 0 {
			b.WriteString("  spells:\n")
			for _, sp := range ss.Spells {
				fmt.Fprintf(&b, "    - %s\n", spell(sp, true))
			}
		}
		if ss.Field != nil {
			fmt.Fprintf(&b, "  field: %s\n", spell(*ss.Field, false))
		}
	}
	if err != nil {
		return nil, err
	}
	return []byte(b.String()), nil
}

// counters writes a map of counters in name order.
func counters(m map[string]int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = fmt.Sprintf("%s: %d", k, m[k])
	}
	return "{" + strings.Join(out, ", ") + "}"
}
