package catalog_test

import (
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/catalog"
)

var (
	ixOnce sync.Once
	ix     *catalog.Index
	ixErr  error
)

func index(t testing.TB) *catalog.Index {
	t.Helper()
	ixOnce.Do(func() { ix, ixErr = catalog.Default() })
	if ixErr != nil {
		t.Fatal(ixErr)
	}
	return ix
}

// names runs a query string and returns the English names of every hit, page by page (the pool
// is larger than one page).
func names(t *testing.T, q string, owned map[card.Passcode]int) []string {
	t.Helper()
	query, err := catalog.Parse(q)
	if err != nil {
		t.Fatalf("Parse(%q): %v", q, err)
	}
	query.Limit = catalog.MaxPageSize
	var out []string
	for {
		query.Offset = len(out)
		res, err := index(t).Search(query, owned)
		if err != nil {
			t.Fatalf("Search(%q): %v", q, err)
		}
		for _, c := range res.Cards {
			out = append(out, c.Name)
		}
		if len(res.Cards) == 0 || len(out) >= res.Total {
			if len(out) != res.Total {
				t.Fatalf("Search(%q): total %d, pages held %d", q, res.Total, len(out))
			}
			return out
		}
	}
}

func TestIndexHoldsPoolAndKouhu(t *testing.T) {
	ix := index(t)
	if want := card.Pool().Len() + 57; ix.Len() < want-10 || ix.Len() != len(names(t, "", nil)) {
		t.Errorf("index has %d cards", ix.Len())
	}
	c, ok := ix.Card(46986414)
	if !ok || c.Names[catalog.ZHCN] != "黑魔术师" || c.Game != catalog.GamePool || c.Rarity == card.NoRarity {
		t.Fatalf("Dark Magician = %+v", c)
	}
	k, ok := ix.Card(900000005)
	if !ok || k.Game != catalog.GameKouhu || k.Texts[catalog.EN] == "" || k.Texts[catalog.ZHCN] == "" {
		t.Fatalf("Kuriboh (kouhu) = %+v", k)
	}
	if got := ix.Games(); !slices.Equal(got, []string{"kouhu", "pool"}) {
		t.Errorf("Games = %v", got)
	}
}

func TestSearchTerms(t *testing.T) {
	for _, tt := range []struct {
		q    string
		want func(c *card.Data) bool
	}{
		{"kind:spell", func(c *card.Data) bool { return c.IsSpell() }},
		{"-kind:monster", func(c *card.Data) bool { return !c.IsMonster() }},
		{"kind:monster,tuner", func(c *card.Data) bool { return c.Kind.Has(card.Monster | card.Tuner) }},
		{"kind:extra game:pool", func(c *card.Data) bool { return c.Kind.IsExtra() }},
		{"atk>=2000 game:pool", func(c *card.Data) bool { return c.IsMonster() && c.ATK >= 2000 }},
		{"atk<1000 def>1500", func(c *card.Data) bool { return c.IsMonster() && c.ATK < 1000 && c.DEF > 1500 }},
		{"level:3-4 attr:dark,light", func(c *card.Data) bool { // a Rank counts (catalog/query.go)
			return c.Stars() >= 3 && c.Stars() <= 4 && (c.Attribute == card.Dark || c.Attribute == card.Light)
		}},
		{"lv<=2 lv>=2", func(c *card.Data) bool { return c.IsMonster() && c.Stars() == 2 }},
		{"type:winged-beast", func(c *card.Data) bool { return c.Race == card.WingedBeast }},
		{"set:sdy", func(c *card.Data) bool { return slices.Contains(c.Sets, "SDY") }},
		{"rarity:UR game:pool", func(c *card.Data) bool { return c.Rarity == card.UR && c.Passcode < 900000000 }},
		{"kind:trap,counter", func(c *card.Data) bool { return c.Kind.Has(card.Trap | card.Counter) }},
	} {
		got := names(t, tt.q, nil)
		var want []string
		for _, c := range card.Pool().All() {
			if tt.want(c) {
				want = append(want, c.Name)
			}
		}
		if strings.Contains(tt.q, "game:pool") || strings.Contains(tt.q, "set:") {
			// only pool cards can match
		} else {
			for _, c := range index(t).DB(catalog.GameKouhu).All() {
				if tt.want(c) {
					want = append(want, c.Name)
				}
			}
		}
		slices.Sort(got)
		slices.Sort(want)
		if len(want) == 0 || !slices.Equal(got, want) {
			t.Errorf("%q:\n got %v\nwant %v", tt.q, got, want)
		}
	}
}

func TestSearchNamesAndTexts(t *testing.T) {
	for _, tt := range []struct {
		q    string
		want string // a name among the hits
		not  string // a name not among them
	}{
		{"dark magician", "Dark Magician", "Mystical Elf"},
		{"Dark-Magician", "Dark Magician", "Mystical Elf"},
		{"DARK MAG", "Dark Magician", "Blue-Eyes White Dragon"},
		{"黑魔术师", "Dark Magician", "Blue-Eyes White Dragon"},
		{`"blue eyes"`, "Blue-Eyes White Dragon", "Dark Magician"},
		{"name:kuriboh", "Kuriboh", "Dark Magician"},
		{"栗子球", "Kuriboh", "Dark Magician"},
		{"text:\"draw 1 card\" game:kouhu", "Kuriboh", "Dark Magician"},
		{"text:抽1张", "Kuriboh", "Dark Magician"},
		{"draw", "Pot of Greed", "Mystical Elf"},
	} {
		got := names(t, tt.q, nil)
		if !slices.Contains(got, tt.want) || slices.Contains(got, tt.not) {
			t.Errorf("%q: %v (want %q, not %q)", tt.q, got, tt.want, tt.not)
		}
	}
	if got := names(t, "name:draw", nil); slices.Contains(got, "Pot of Greed") {
		t.Errorf("name:draw matched a text: %v", got)
	}
}

func TestSearchLimits(t *testing.T) {
	forbidden := names(t, "limit:forbidden", nil)
	slices.Sort(forbidden)
	want := []string{"Change of Heart", "Makyura the Destructor", "Monster Reborn", "Pot of Greed", "Raigeki"}
	if !slices.Equal(forbidden, want) {
		t.Errorf("limit:forbidden = %v", forbidden)
	}
	if got := names(t, "limit:禁 banlist:duelist-2008-traditional", nil); len(got) != 0 {
		t.Errorf("forbidden under the traditional list: %v", got)
	}
	if got := names(t, "limit:0 banlist:none", nil); len(got) != 0 {
		t.Errorf("forbidden under no list: %v", got)
	}
	semi := names(t, "limit:准", nil)
	if !slices.Contains(semi, "Swords of Revealing Light") || len(semi) != 3 {
		t.Errorf("limit:semi = %v", semi)
	}
	lims := index(t).Limits(55144522)
	if len(lims) != 2 || lims[0].Limit != 0 || lims[1].Limit != 1 || lims[0].Date != "2008-09-01" {
		t.Errorf("Pot of Greed's limits = %+v", lims)
	}
	top := names(t, "sort:limit game:pool", nil)
	if !slices.Contains(want, top[0]) {
		t.Errorf("sort:limit starts with %q", top[0])
	}
}

func TestSearchOwned(t *testing.T) {
	owned := map[card.Passcode]int{46986414: 3, 55144522: 1}
	got := names(t, "owned:yes", owned)
	slices.Sort(got)
	if !slices.Equal(got, []string{"Dark Magician", "Pot of Greed"}) {
		t.Errorf("owned:yes = %v", got)
	}
	if n := len(names(t, "owned:no", owned)); n != index(t).Len()-2 {
		t.Errorf("owned:no found %d", n)
	}
	if got := names(t, "sort:-owned", owned); got[0] != "Dark Magician" || got[1] != "Pot of Greed" {
		t.Errorf("sort:-owned = %v", got[:3])
	}
	q, _ := catalog.Parse("owned:yes")
	if _, err := index(t).Search(q, nil); !errors.Is(err, catalog.ErrNeedOwned) {
		t.Errorf("a guest's owned:yes: %v", err)
	}
}

func TestSortAndPaging(t *testing.T) {
	all := names(t, "game:pool kind:monster sort:-atk,name", nil)
	for i := 1; i < len(all); i++ {
		a, _ := card.Pool().ByName(all[i-1])
		b, _ := card.Pool().ByName(all[i])
		if a.ATK < b.ATK || (a.ATK == b.ATK && strings.ToLower(a.Name) > strings.ToLower(b.Name)) {
			t.Fatalf("sort:-atk,name puts %q (%d) before %q (%d)", a.Name, a.ATK, b.Name, b.ATK)
		}
	}
	def := names(t, "game:pool", nil)
	first, _ := card.Pool().ByName(def[0])
	last, _ := card.Pool().ByName(def[len(def)-1])
	if !first.IsNormalMonster() || !last.IsTrap() {
		t.Errorf("the default order starts with %q and ends with %q", first.Name, last.Name)
	}
	q, _ := catalog.Parse("game:pool")
	q.Offset, q.Limit = 10, 7
	res, err := index(t).Search(q, nil)
	if err != nil || res.Total != len(def) || len(res.Cards) != 7 || res.Cards[0].Name != def[10] {
		t.Errorf("page 10+7: %v total %d, %d cards", err, res.Total, len(res.Cards))
	}
	q.Offset = 10000
	if res, err := index(t).Search(q, nil); err != nil || len(res.Cards) != 0 || res.Total != len(def) {
		t.Errorf("a page past the end: %v %+v", err, res)
	}
	for _, f := range catalog.SortFields {
		q, err := catalog.Parse("sort:-" + f)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := index(t).Search(q, map[card.Passcode]int{}); err != nil {
			t.Errorf("sort:-%s: %v", f, err)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, q := range []string{
		"atk>=lots", "atk>=", "level:5-3", "attr:shiny", "type:robot", "kind:dragon", "limit:7",
		"rarity:XR", "owned:maybe", "sort:colour", "colour:red", `"quote`, "name:", "-attr:dark",
	} {
		_, err := catalog.Parse(q)
		if !errors.Is(err, catalog.ErrQuery) || !strings.Contains(err.Error(), strings.Trim(strings.SplitN(q, ":", 2)[0], `"-`)[:3]) {
			t.Errorf("Parse(%q) = %v", q, err)
		}
	}
	for _, q := range []string{"banlist:nope", "game:chess"} {
		query, err := catalog.Parse(q)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := index(t).Search(query, nil); !errors.Is(err, catalog.ErrQuery) {
			t.Errorf("Search(%q) = %v", q, err)
		}
	}
	q := catalog.Query{Offset: -1}
	if _, err := index(t).Search(q, nil); !errors.Is(err, catalog.ErrQuery) {
		t.Errorf("a negative offset: %v", err)
	}
}

func TestNewRejects(t *testing.T) {
	src := catalog.PoolSource()
	if _, err := catalog.New(nil, src, src); err == nil {
		t.Error("the same game twice was accepted")
	}
	other := src
	other.Game = "copy"
	if _, err := catalog.New(nil, src, other); err == nil || !strings.Contains(err.Error(), "passcode") {
		t.Errorf("a passcode in two games: %v", err)
	}
	lists := index(t).Lists()
	if _, err := catalog.New([]catalog.List{lists[0], lists[0]}, src); err == nil {
		t.Error("a banlist twice was accepted")
	}
}

func TestTraditionalNames(t *testing.T) {
	c, _ := index(t).Card(55144522)
	if c.Names[catalog.ZHTW] != "強欲之壺" {
		t.Errorf("Pot of Greed in zh-TW = %q", c.Names[catalog.ZHTW])
	}
	if got := names(t, "強欲之壺", nil); !slices.Equal(got, []string{"Pot of Greed"}) {
		t.Errorf("a search in Traditional characters: %v", got)
	}
	for _, c := range card.Pool().All() {
		if ic, _ := index(t).Card(c.Passcode); ic.Names[catalog.ZHTW] == "" {
			t.Errorf("%s has no zh-TW name", c.Name)
		}
	}
}
