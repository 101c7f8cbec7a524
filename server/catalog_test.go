package server

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
)

// TestCatalogTexts checks GET /api/cards carries the project's names and texts in the three
// languages: the pool's scripted cards and kouhu's cards have desc, descZH and descTW, every
// card a nameTW, and a Normal Monster of the pool no text.
func TestCatalogTexts(t *testing.T) {
	s := New(Options{}, nil)
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/cards", nil))
	if rec.Code != http.StatusOK {
		t.Fatalf("GET /api/cards: %d", rec.Code)
	}
	var entries []cardJSONEntry
	if err := json.Unmarshal(rec.Body.Bytes(), &entries); err != nil {
		t.Fatal(err)
	}
	byCode := map[uint32]cardJSONEntry{}
	translated := 0
	for _, e := range entries {
		byCode[e.Code] = e
		if e.NameTW == "" {
			t.Errorf("%s has no Traditional name", e.Name)
		}
		if e.Desc != "" && e.DescZH != "" && e.DescTW != "" {
			translated++
		}
	}
	pot := byCode[55144522]
	if pot.Desc != "Draw 2 cards." || pot.DescZH != "自己从卡组抽2张卡。" || pot.DescTW != "自己從卡組抽2張卡。" ||
		pot.NameTW != "強欲之壺" {
		t.Errorf("Pot of Greed: %+v", pot)
	}
	if k := byCode[900000005]; k.Desc == "" || k.DescZH == "" || k.DescTW == "" || k.DescTW == k.DescZH {
		t.Errorf("a kouhu card: %+v", k)
	}
	if k := byCode[900000001]; k.DescTW != "沒有效果。遠古的白色巨龍,吐息所過之處無物倖存。" {
		t.Errorf("kouhu's Blue-Eyes White Dragon in Traditional Chinese: %q", k.DescTW)
	}
	if e := byCode[89631139]; e.Desc != "" || e.DescZH != "" || e.DescTW != "" {
		t.Errorf("Blue-Eyes White Dragon, a Normal Monster: %+v", e)
	}
	if translated < 150 {
		t.Errorf("only %d cards have texts in every language", translated)
	}
}
