package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cdb"
	"github.com/duelistgame/duelist/deck"
	"github.com/duelistgame/duelist/decks"
	"github.com/duelistgame/duelist/kouhu"
	"github.com/duelistgame/duelist/ruleset"
)

// implemented reports whether the engine implements a card; "cards import" counts a database's
// cards with it. It defaults to "in card.Pool()"; main may point it at the card-behaviour
// registry.
var implemented = func(p card.Passcode) bool {
	_, ok := card.Pool().ByPasscode(p)
	return ok
}

const deckUsage = `usage:
  duelist deck check FILE|URL|NAME [--ruleset ID] [--banlist NAME|none] [--lflist FILE]
  duelist deck show FILE|URL|NAME [--lang en|zh-CN] [--cdb FILE.cdb]

A deck is a .ydk file, a ydke:// URL or the name of a preconstructed deck (%s).
`

// cmdDeck runs "duelist deck check|show"; it returns the exit code: 0 ok, 1 an illegal or
// unreadable deck, 2 a usage error.
func cmdDeck(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintf(stderr, deckUsage, strings.Join(decks.Names(), ", "))
		return 2
	}
	switch args[0] {
	case "check":
		return deckCheck(args[1:], stdout, stderr)
	case "show":
		return deckShow(args[1:], stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprintf(stdout, deckUsage, strings.Join(decks.Names(), ", "))
		return 0
	}
	fmt.Fprintf(stderr, "duelist deck: unknown subcommand %q\n"+deckUsage, args[0], strings.Join(decks.Names(), ", "))
	return 2
}

func deckCheck(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("deck check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	rsID := fs.String("ruleset", "ocg", "the ruleset whose deck rules apply: "+strings.Join(ruleset.IDs(), ", "))
	blName := fs.String("banlist", "", `the banlist by name, or "none" (default: `+deck.DefaultBanlistName+`, or the first list of --lflist)`)
	lflist := fs.String("lflist", "", "read the banlists from this lflist.conf instead of the project's own")
	partner := fs.String("partner", "", "a tag duel partner's deck: both are checked, limited cards counted per team")
	pos, code := deckParseArgs(fs, args, stderr, "FILE|URL|NAME")
	if code >= 0 {
		return code
	}
	rs, err := ruleset.Get(*rsID)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	if rs.Kouhu() {
		return kouhuDeckCheck(pos[0], stdout, stderr)
	}
	bl, err := deckBanlist(*lflist, *blName)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	d, name, err := deckReadAll(pos[0])
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	against := rs.ID
	if bl != nil {
		against += " with banlist " + bl.Name
	}
	vs := deck.Validate(d, card.Pool(), rs, bl)
	if *partner != "" {
		pd, pname, err := deckReadAll(*partner)
		if err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		vs = deck.ValidateTeam(d, pd, [2]string{name, pname}, card.Pool(), rs, bl)
		vs = append(vs, deck.Unimplemented(pd, card.Pool(), implemented)...)
		name = "the team of " + name + " and " + pname
		against += " (tag duel)"
	}
	vs = append(vs, deck.Unimplemented(d, card.Pool(), implemented)...)
	for _, v := range vs {
		fmt.Fprintln(stdout, v)
	}
	if len(vs) > 0 {
		fmt.Fprintf(stderr, "%s is not legal for %s: %d violation%s\n", name, against, len(vs), deckPlural(len(vs)))
		return 1
	}
	fmt.Fprintf(stdout, "ok: %s is legal for %s (Main %d, %s %d, Side %d)\n", name, against,
		len(d.Main), deckExtraName(rs), len(d.Extra), len(d.Side))
	return 0
}

// deckBanlist finds the banlist the flags choose; nil for "none".
func deckBanlist(lflist, name string) (*deck.Banlist, error) {
	if name == "none" {
		return nil, nil
	}
	lists := deck.DefaultBanlists()
	if lflist != "" {
		var err error
		if lists, err = deck.LoadLFList(lflist); err != nil {
			return nil, err
		}
		if name == "" {
			name = lists[0].Name
		}
	} else if name == "" {
		name = deck.DefaultBanlistName
	}
	return deck.Pick(lists, name)
}

func deckExtraName(rs ruleset.Ruleset) string {
	if rs.Deck.ExtraDeckName != "" {
		return strings.TrimSuffix(rs.Deck.ExtraDeckName, " Deck")
	}
	return "Extra"
}

func deckShow(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("deck show", flag.ContinueOnError)
	fs.SetOutput(stderr)
	lang := fs.String("lang", "en", "card names in this language: en or zh-CN (from the project's card data)")
	cdbPath := fs.String("cdb", "", "take card names from this YGOPro card database (any language)")
	pos, code := deckParseArgs(fs, args, stderr, "FILE|URL|NAME")
	if code >= 0 {
		return code
	}
	if slices.Contains(kouhu.DeckKeys(), pos[0]) {
		return kouhuDeckShow(pos[0], *lang, stdout, stderr)
	}
	pool := card.Pool()
	name := func(p card.Passcode) string {
		c, ok := pool.ByPasscode(p)
		switch {
		case !ok:
			return ""
		case *lang == "zh-CN" && c.NameZH != "":
			return c.NameZH
		}
		return c.Name
	}
	switch *lang {
	case "en", "zh-CN":
	default:
		fmt.Fprintf(stderr, "duelist deck show: unknown language %q (want en or zh-CN)\n", *lang)
		return 2
	}
	// With a database, a deck may hold any card the database names, not only the pool's.
	db := pool
	var texts cdb.Texts
	if *cdbPath != "" {
		var err error
		if texts, err = cdb.LoadTexts(*cdbPath); err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		db = nil
		poolName := name
		name = func(p card.Passcode) string { return texts.Name(p, poolName(p)) }
	}
	d, title, err := deckRead(pos[0], db)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	var unknown []string
	fmt.Fprintln(stdout, title)
	for i, sec := range [][]card.Passcode{d.Main, d.Extra, d.Side} {
		fmt.Fprintf(stdout, "%s (%d)\n", [...]string{"Main Deck", "Extra Deck", "Side Deck"}[i], len(sec))
		var order []card.Passcode
		count := map[card.Passcode]int{}
		for _, p := range sec {
			if count[p] == 0 {
				order = append(order, p)
			}
			count[p]++
		}
		for _, p := range order {
			n := name(p)
			if n == "" {
				unknown = append(unknown, fmt.Sprint(p))
				n = "?"
			}
			fmt.Fprintf(stdout, "  %dx %s [%d]\n", count[p], n, p)
		}
	}
	if len(unknown) > 0 {
		fmt.Fprintf(stderr, "duelist deck show: %s: passcodes in neither the card pool nor %s: %s\n",
			title, *cdbPath, strings.Join(unknown, ", "))
		return 1
	}
	return 0
}

// deckReadAll reads a deck for checking: a deck whose only fault is passcodes the card pool does
// not have is read with them, so that they are listed with every other problem (deck.Validate
// names each unknown passcode); a deck that cannot be read (a line that is no passcode) is
// refused with every line's error.
func deckReadAll(arg string) (deck.Deck, string, error) {
	d, name, err := deckRead(arg, card.Pool())
	if err == nil {
		return d, name, nil
	}
	if lax, aname, aerr := deckRead(arg, nil); aerr == nil {
		return lax, aname, nil
	}
	return d, name, err
}

// deckRead reads a deck given as a ydke:// URL, a .ydk file or a preconstructed deck's name (an
// existing file wins over a name); it returns the deck and how to call it in messages. A nil db
// accepts any passcode.
func deckRead(arg string, db *card.DB) (deck.Deck, string, error) {
	if deck.IsYDKE(arg) {
		d, err := deck.ParseYDKE(arg, db)
		return d, "the ydke URL", err
	}
	if _, err := os.Stat(arg); err == nil || strings.ContainsAny(arg, `/\.`) {
		d, err := deck.Load(arg, db)
		return d, arg, err
	}
	if slices.Contains(decks.Names(), arg) {
		d, err := decks.Get(arg)
		return d, arg, err
	}
	return deck.Deck{}, "", fmt.Errorf("duelist deck: %q is neither a file, a ydke:// URL nor a preconstructed deck (%s)",
		arg, strings.Join(decks.Names(), ", "))
}

// deckParseArgs parses flags that may come before or after the one positional argument. It
// returns the positional arguments and -1, or an exit code.
func deckParseArgs(fs *flag.FlagSet, args []string, stderr io.Writer, what string) ([]string, int) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, 0
			}
			return nil, 2
		}
		rest := fs.Args()
		if len(rest) == 0 {
			break
		}
		if n := len(args) - len(rest); n > 0 && args[n-1] == "--" {
			pos = append(pos, rest...) // everything after "--" is positional
			break
		}
		pos, args = append(pos, rest[0]), rest[1:]
	}
	if len(pos) != 1 {
		fmt.Fprintf(stderr, "usage: duelist %s %s [flags]\n", fs.Name(), what)
		fs.PrintDefaults()
		return nil, 2
	}
	return pos, -1
}

func deckPlural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
