// Package cdb reads YGOPro card databases (cards.cdb): SQLite files with a table datas (passcode,
// alias, type bits, level, attribute, race, ATK, DEF) and a table texts (name, text, strings) in
// one language. It converts their cards to card.Data where the project can express them, gives
// names and texts per passcode for a language overlay, and reports which cards of a database the
// engine implements. A database is only ever opened read-only; the project ships none.
package cdb

import (
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"

	_ "modernc.org/sqlite" // the "sqlite" database/sql driver

	"github.com/duelistgame/duelist/card"
)

// Card is one row of a database's datas table joined with its texts row.
type Card struct {
	Passcode card.Passcode
	// Alias is the passcode of the card this one is an alternate artwork of, or whose name it
	// is always treated as ("Harpie Lady 1" is treated as "Harpie Lady"); 0 if none.
	Alias card.Passcode
	// Name and Desc are the card's name and text in the database's language; empty if the
	// database has no texts row for the card.
	Name, Desc string
	// Type holds the YGOPro type bits (TypeMonster, TypeEffect ...).
	Type uint32
	// Level is the Level, or the Rank of an Xyz monster: the low byte of the level column.
	Level int
	// LeftScale and RightScale are a Pendulum monster's scales, from the high bytes of the level
	// column; 0 for other cards.
	LeftScale, RightScale int
	// Attribute and Race are a monster's YGOPro attribute and race bits (AttrLight, RaceDragon
	// ...); 0 for Spells and Traps.
	Attribute, Race uint32
	// ATK and DEF are the monster's stats; -2 stands for "?".
	ATK, DEF int
}

// IsAltArt reports whether the card is an alternate artwork of its Alias. YGOPro numbers
// alternate artworks within 10 of the original (ygopro-core's CARD_ARTWORK_VERSIONS_OFFSET); an
// Alias further away marks a different card whose name is treated as the Alias's.
func (c Card) IsAltArt() bool {
	d := int64(c.Passcode) - int64(c.Alias)
	return c.Alias != 0 && d != 0 && d > -10 && d < 10
}

// DB is an open YGOPro card database.
type DB struct {
	path string
	sql  *sql.DB
}

// Open opens the YGOPro database at path read-only and checks that it has the tables datas and
// texts. The caller must Close it.
func Open(path string) (*DB, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("cdb: %s: %w", path, err)
	}
	// database/sql would create a missing file (and sqlite's own message for mode=ro is only
	// "unable to open database file"), so say plainly that the file is not there.
	if fi, err := os.Stat(abs); err != nil {
		return nil, fmt.Errorf("cdb: %w", err)
	} else if fi.IsDir() {
		return nil, fmt.Errorf("cdb: %s is a directory, not a card database", path)
	}
	// A file: URI lets SQLite apply mode=ro; the path is escaped so '?', '#' and '%' in file names
	// stay part of the name.
	dsn := (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs), RawQuery: "mode=ro"}).String()
	sdb, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("cdb: %s: %w", path, err)
	}
	db := &DB{path: path, sql: sdb}
	if err := db.checkTables(); err != nil {
		sdb.Close()
		return nil, err
	}
	return db, nil
}

func (db *DB) checkTables() error {
	rows, err := db.sql.Query(`SELECT name FROM sqlite_master WHERE type = 'table'`)
	if err != nil {
		return fmt.Errorf("cdb: %s: not a SQLite database: %w", db.path, err)
	}
	defer rows.Close()
	have := map[string]bool{}
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return fmt.Errorf("cdb: %s: %w", db.path, err)
		}
		have[name] = true
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("cdb: %s: not a SQLite database: %w", db.path, err)
	}
	for _, table := range []string{"datas", "texts"} {
		if !have[table] {
			return fmt.Errorf("cdb: %s: not a YGOPro card database: it has no table %q", db.path, table)
		}
	}
	return nil
}

// Close closes the database.
func (db *DB) Close() error { return db.sql.Close() }

// Cards reads every row of the datas table, with its name and text, ordered by passcode.
func (db *DB) Cards() ([]Card, error) {
	rows, err := db.sql.Query(`SELECT d.id, COALESCE(d.alias, 0), COALESCE(d.type, 0),
			COALESCE(d.level, 0), COALESCE(d.attribute, 0), COALESCE(d.race, 0),
			COALESCE(d.atk, 0), COALESCE(d.def, 0), COALESCE(t.name, ''), COALESCE(t.desc, '')
		FROM datas d LEFT JOIN texts t ON t.id = d.id ORDER BY d.id`)
	if err != nil {
		return nil, fmt.Errorf("cdb: %s: reading datas: %w", db.path, err)
	}
	defer rows.Close()
	var cards []Card
	for rows.Next() {
		var id, alias, typ, level, attr, race, atk, def int64
		var c Card
		if err := rows.Scan(&id, &alias, &typ, &level, &attr, &race, &atk, &def, &c.Name, &c.Desc); err != nil {
			return nil, fmt.Errorf("cdb: %s: reading datas after passcode %d: %w", db.path, lastCode(cards), err)
		}
		if id <= 0 || id > 0xffffffff || alias < 0 || alias > 0xffffffff {
			return nil, fmt.Errorf("cdb: %s: datas row with passcode %d, alias %d: out of range", db.path, id, alias)
		}
		c.Passcode, c.Alias = card.Passcode(id), card.Passcode(alias)
		c.Type, c.Attribute, c.Race = uint32(typ), uint32(attr), uint32(race)
		c.Level = int(level & 0xff)
		c.LeftScale, c.RightScale = int(level>>24&0xff), int(level>>16&0xff)
		c.ATK, c.DEF = int(atk), int(def)
		cards = append(cards, c)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("cdb: %s: reading datas: %w", db.path, err)
	}
	return cards, nil
}

func lastCode(cards []Card) card.Passcode {
	if len(cards) == 0 {
		return 0
	}
	return cards[len(cards)-1].Passcode
}

// ReadCards opens the database at path, reads all its cards and closes it.
func ReadCards(path string) ([]Card, error) {
	db, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	return db.Cards()
}

// Text is a card's name and text in one language.
type Text struct {
	Name, Desc string
}

// Texts holds the names and texts of a database, by passcode: a language overlay for the
// project's card data (a user with the Chinese database sees Chinese names and texts).
type Texts map[card.Passcode]Text

// Texts reads the whole texts table. Rows without a name are skipped.
func (db *DB) Texts() (Texts, error) {
	rows, err := db.sql.Query(`SELECT id, COALESCE(name, ''), COALESCE(desc, '') FROM texts`)
	if err != nil {
		return nil, fmt.Errorf("cdb: %s: reading texts: %w", db.path, err)
	}
	defer rows.Close()
	t := Texts{}
	for rows.Next() {
		var id int64
		var x Text
		if err := rows.Scan(&id, &x.Name, &x.Desc); err != nil {
			return nil, fmt.Errorf("cdb: %s: reading texts: %w", db.path, err)
		}
		if id <= 0 || id > 0xffffffff {
			return nil, fmt.Errorf("cdb: %s: texts row with passcode %d: out of range", db.path, id)
		}
		if x.Name != "" {
			t[card.Passcode(id)] = x
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("cdb: %s: reading texts: %w", db.path, err)
	}
	return t, nil
}

// LoadTexts opens the database at path, reads its texts and closes it.
func LoadTexts(path string) (Texts, error) {
	db, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	return db.Texts()
}

// Name returns the overlay's name for the card, or fallback if the overlay has none.
func (t Texts) Name(p card.Passcode, fallback string) string {
	if x, ok := t[p]; ok {
		return x.Name
	}
	return fallback
}

// Desc returns the overlay's text for the card, and whether it has one.
func (t Texts) Desc(p card.Passcode) (string, bool) {
	x, ok := t[p]
	return x.Desc, ok && x.Desc != ""
}

// ErrNotExpressible is wrapped by Card.Data when a card uses something the project's card data
// has no place for (Pendulum Scales, Spirit, Toon, a "?" ATK ...).
var ErrNotExpressible = errors.New("cdb: not expressible in the project's card data")
