package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cdb"
	"github.com/duelistgame/duelist/deck"
	"github.com/duelistgame/duelist/internal/cardgen"
)

const cardsUsage = `usage:
  duelist cards import FILE.cdb [--list]
  duelist cards new --set CODE [--list FILE] [--name NAME --product booster --released YYYY-MM-DD]
  duelist cards tw

import  reports how many cards a YGOPro card database holds, how many of them are in the card pool
        and implemented, and which pool cards it lacks.
new     adds a set's cards to the card files (cards/<set>/<set>.cards, in the checkout of --root):
        English names and stats from --cdb, Simplified names from --cdb-zh, Traditional names
        converted by OpenCC, the set's printings and a suggested rarity; never a card text (write
        the texts in the project's own words, then run "cards tw"). The passcodes are the set's
        list, --list (default: --sets-dir/CODE.txt). A new set's file needs --name, --product
        and --released.
tw      writes every Traditional Chinese name and text of the card files from its Simplified
        twin (opencc -c s2tw.json, then seed 004's terms for texts).
See docs/cards.md "How to add a card".
`

// cmdCards runs "duelist cards import|new|tw"; it returns the exit code.
func cmdCards(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "import":
			return cmdCardsImport(args[1:], stdout, stderr)
		case "new":
			return cmdCardsNew(args[1:], stdout, stderr)
		case "tw":
			return cmdCardsTW(args[1:], stdout, stderr)
		case "help", "-h", "--help":
			fmt.Fprint(stdout, cardsUsage)
			return 0
		}
	}
	fmt.Fprint(stderr, cardsUsage)
	return 2
}

// cmdCardsImport runs "duelist cards import FILE.cdb".
func cmdCardsImport(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("cards import", flag.ContinueOnError)
	fs.SetOutput(stderr)
	list := fs.Bool("list", false, "also list the database's implemented cards, with its names")
	pos, code := deckParseArgs(fs, args, stderr, "FILE.cdb")
	if code >= 0 {
		return code
	}
	path := pos[0]
	cards, err := cdb.ReadCards(path)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	pool := card.Pool()
	inPool := cdb.Cover(cards, cdb.InDB(pool))
	impl := cdb.Cover(cards, implemented)
	missing := cdb.Missing(cards, pool)
	fmt.Fprintf(stdout, "%s: %d cards\n", path, len(cards))
	fmt.Fprintf(stdout, "in the card pool: %d of the pool's %d (and %d alternate artworks of them)\n",
		len(inPool.Implemented), pool.Len(), len(inPool.AltArts))
	fmt.Fprintf(stdout, "implemented by the engine: %d (and %d alternate artworks of them)\n",
		len(impl.Implemented), len(impl.AltArts))
	if *list {
		for _, c := range impl.Implemented {
			fmt.Fprintf(stdout, "  %8d  %s\n", c.Passcode, c.Name)
		}
	}
	fmt.Fprintf(stdout, "pool cards missing from the database: %d\n", len(missing))
	for _, c := range missing {
		fmt.Fprintf(stdout, "  %8d  %s\n", c.Passcode, c.Name)
	}
	return 0
}

// cmdCardsNew runs "duelist cards new --set CODE".
func cmdCardsNew(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("cards new", flag.ContinueOnError)
	fs.SetOutput(stderr)
	set := fs.String("set", "", "the set's code, as in ../shared/cards/sets (LOB, MRD ...)")
	root := fs.String("root", ".", "the module's checkout, whose cards/ folder holds the card files")
	shared := fs.String("shared", "../shared/cards", "the folder of the YGOPro databases and of sets/ (relative to --root)")
	setsDir := fs.String("sets-dir", "", "the folder of the sets' passcode lists (default: SHARED/sets)")
	list := fs.String("list", "", "the set's passcodes, one a line (default: SETS-DIR/CODE.txt)")
	en := fs.String("cdb", "", "the English YGOPro database (default: SHARED/cards-2015.cdb)")
	zh := fs.String("cdb-zh", "", "the Simplified Chinese YGOPro database (default: SHARED/cards-zh-CN-2016.cdb)")
	name := fs.String("name", "", "a new set's English name")
	nameZH := fs.String("name-zh", "", "a new set's Simplified Chinese name")
	product := fs.String("product", "booster", "a new set's kind of product: "+strings.Join(card.Products, ", "))
	released := fs.String("released", "", "a new set's release date, YYYY-MM-DD (or YYYY-MM)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if *set == "" || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: duelist cards new --set CODE [flags]")
		fs.PrintDefaults()
		return 2
	}
	code := strings.ToUpper(*set)
	base := *shared
	if !filepath.IsAbs(base) {
		base = filepath.Join(*root, base)
	}
	or := func(v, def string) string {
		if v != "" {
			return v
		}
		return def
	}
	src := cardgen.Sources{Root: *root, SetsDir: or(*setsDir, filepath.Join(base, "sets")),
		CDB: or(*en, filepath.Join(base, "cards-2015.cdb")), CDBZH: or(*zh, filepath.Join(base, "cards-zh-CN-2016.cdb")),
		Convert: cardgen.OpenCC, Limit: deck.DefaultBanlists()[0].Limit}
	passcodes, err := cardgen.ReadList(or(*list, filepath.Join(src.SetsDir, code+".txt")))
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	var hdr *cardgen.Header
	if *name != "" {
		hdr = &cardgen.Header{Name: *name, NameZH: *nameZH, Product: *product, Released: *released}
	}
	rep, err := cardgen.NewSet(src, code, passcodes, hdr)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	fmt.Fprintf(stdout, "%s: %d passcodes; %d cards added, %d already in the data now list %s (%d of them moved to its file)\n",
		rep.File, len(passcodes), len(rep.Added), len(rep.Extended), code, len(rep.Moved))
	for _, s := range rep.Skipped {
		fmt.Fprintf(stdout, "  skipped: %s\n", s)
	}
	for _, d := range rep.NoNameZH {
		fmt.Fprintf(stdout, "  no Simplified name in the database: %d %s (its English name was written: translate it)\n", d.Passcode, d.Name)
	}
	need := 0
	for _, d := range rep.Added {
		if !d.IsNormalMonster() {
			need++
		}
	}
	fmt.Fprintf(stdout, "%d new cards need their texts (text, text.zh-CN; then \"duelist cards tw\") and their behaviour in cards/%s/\n",
		need, strings.ToLower(code))
	return 0
}

// cmdCardsTW runs "duelist cards tw".
func cmdCardsTW(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("cards tw", flag.ContinueOnError)
	fs.SetOutput(stderr)
	root := fs.String("root", ".", "the module's checkout, whose cards/ folder holds the card files")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	changed, err := cardgen.Sync(*root, cardgen.OpenCC)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	for _, p := range changed {
		fmt.Fprintln(stdout, "updated", p)
	}
	fmt.Fprintf(stdout, "%d card files updated\n", len(changed))
	return 0
}
