//go:build refcore

package main

import (
	"database/sql"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/duelistgame/duelist/card"
	"github.com/duelistgame/duelist/cards"

	_ "modernc.org/sqlite" // the cdb is SQLite
)

// typeSpSummon is ygopro's TYPE_SPSUMMON: a monster that cannot be Normal Summoned or Set.
const typeSpSummon = 0x2000000

// spSummonCodes are the Main Deck monsters whose behaviour says "cannot be Normal Summoned or
// Set" (engine.Script.CannotNormalSummon: Gate Guardian, Harpie Lady Sisters, Toons ...).
func spSummonCodes() []card.Passcode {
	var out []card.Passcode
	for _, code := range cards.Registered() {
		sc := cards.Script(code)
		d, ok := card.Pool().ByPasscode(code)
		if sc == nil || !ok || !sc.CannotNormalSummon || d.Kind&(card.Fusion|card.Ritual|card.Synchro|card.Xyz) != 0 {
			continue
		}
		out = append(out, code)
	}
	return out
}

// refCDB returns the card database given to ygopro-core: a copy of path in which every monster
// of spSummonCodes has TYPE_SPSUMMON. The scripts the reference runs rely on that flag of a newer
// database for "cannot be Normal Summoned" (Gate Guardian's script has only its procedure and the
// revive limit); the 2015 database lacks it on some, and the reference then offered to Normal
// Summon them with tributes. The copy is a temporary file the caller removes.
func refCDB(path string) (string, error) {
	in, err := os.Open(path)
	if err != nil {
		return "", fmt.Errorf("reference cdb: %v", err)
	}
	defer in.Close()
	out, err := os.CreateTemp("", "ygodiff-*.cdb")
	if err != nil {
		return "", fmt.Errorf("reference cdb copy: %v", err)
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		os.Remove(out.Name())
		return "", fmt.Errorf("reference cdb copy: %v", err)
	}
	if err := out.Close(); err != nil {
		os.Remove(out.Name())
		return "", fmt.Errorf("reference cdb copy: %v", err)
	}
	codes := spSummonCodes()
	if len(codes) == 0 {
		return out.Name(), nil
	}
	ids := make([]string, len(codes))
	for i, c := range codes {
		ids[i] = strconv.Itoa(int(c))
	}
	db, err := sql.Open("sqlite", out.Name())
	if err != nil {
		os.Remove(out.Name())
		return "", fmt.Errorf("reference cdb copy %s: %v", out.Name(), err)
	}
	defer db.Close()
	q := fmt.Sprintf("UPDATE datas SET type = type | %d WHERE id IN (%s)", typeSpSummon, strings.Join(ids, ","))
	if _, err := db.Exec(q); err != nil {
		os.Remove(out.Name())
		return "", fmt.Errorf("reference cdb copy %s: %v", out.Name(), err)
	}
	return out.Name(), nil
}

// typeToken is ygopro's TYPE_TOKEN.
const typeToken = 0x4000

// tokenCodes maps the card database's token passcodes that Duelist does not use to the
// passcode of Duelist's token of the same name: a card that makes several tokens of one name
// (Scapegoat's four Sheep Tokens, 73915052 to 73915055) has one data in Duelist (cards/sdj),
// where ygopro-core summons one of each code. core.send rewrites ygopro's codes with it.
func tokenCodes(path string) (map[int]int, error) {
	byName := map[string]int{}
	used := map[int]bool{}
	for _, code := range cards.Registered() {
		if sc := cards.Script(code); sc != nil {
			for _, t := range sc.Tokens {
				used[int(t.Passcode)] = true
				if _, ok := byName[t.Name]; !ok {
					byName[t.Name] = int(t.Passcode)
				}
			}
		}
	}
	db, err := sql.Open("sqlite", path)
	if err != nil {
		return nil, fmt.Errorf("card database %s: %v", path, err)
	}
	defer db.Close()
	rows, err := db.Query(fmt.Sprintf("SELECT datas.id, texts.name FROM datas JOIN texts ON texts.id = datas.id WHERE datas.type & %d != 0", typeToken))
	if err != nil {
		return nil, fmt.Errorf("card database %s: tokens: %v", path, err)
	}
	defer rows.Close()
	out := map[int]int{}
	for rows.Next() {
		var id int
		var name string
		if err := rows.Scan(&id, &name); err != nil {
			return nil, fmt.Errorf("card database %s: tokens: %v", path, err)
		}
		if d, ok := byName[name]; ok && !used[id] {
			out[id] = d
		}
	}
	return out, rows.Err()
}
