package scenario

import (
	"fmt"
	"strings"

	"github.com/duelistgame/duelist/engine"
)

// verbPrompts lists, for each verb of the notation, the kinds of prompt that can offer it. A
// `! P: TEXT` line is checked only at a prompt of P whose kind can offer TEXT's verb: anywhere
// else it would hold whatever the rules say, a check that cannot fail.
var verbPrompts = map[string][]engine.PromptKind{
	"summon":      {engine.PromptIdle},
	"set":         {engine.PromptIdle, engine.PromptPosition},
	"flip":        {engine.PromptIdle},
	"position":    {engine.PromptIdle},
	"special":     {engine.PromptIdle},
	"resource":    {engine.PromptIdle},
	"advance":     {engine.PromptIdle},
	"advance-set": {engine.PromptIdle},
	"place":       {engine.PromptIdle},
	"activate":    {engine.PromptIdle, engine.PromptBattle, engine.PromptChain},
	"battle":      {engine.PromptIdle},
	"main2":       {engine.PromptIdle, engine.PromptBattle},
	"end":         {engine.PromptIdle, engine.PromptBattle},
	"attack":      {engine.PromptBattle},
	"pass":        {engine.PromptChain},
	"select":      {engine.PromptSelect, engine.PromptTarget},
	"direct":      {engine.PromptTarget},
	"cancel":      {engine.PromptSelect, engine.PromptTarget},
	"yes":         {engine.PromptYesNo},
	"no":          {engine.PromptYesNo, engine.PromptBlock},
	"option":      {engine.PromptChoice},
	"atk":         {engine.PromptPosition},
	"def":         {engine.PromptPosition},
	"order":       {engine.PromptOrder},
	"declare":     {engine.PromptDeclare},
	"heads":       {engine.PromptCoin},
	"tails":       {engine.PromptCoin},
	"rock":        {engine.PromptRPS},
	"paper":       {engine.PromptRPS},
	"scissors":    {engine.PromptRPS},
	"first":       {engine.PromptFirst},
	"second":      {engine.PromptFirst},
	"block":       {engine.PromptBlock},
}

// checkNotHere reports an error when a `! P: TEXT` line stands where TEXT could never be offered:
// at a prompt of another seat, at no prompt, or at a prompt of a kind that has no such verb.
func checkNotHere(p *engine.Prompt, m Move) error {
	verb := strings.ToLower(strings.Fields(m.Text + " ")[0])
	kinds, ok := verbPrompts[verb]
	if !ok {
		return fmt.Errorf("`! %s: %s`: unknown verb %q", m.Seat, m.Text, verb)
	}
	if p == nil {
		return fmt.Errorf("`! %s: %s` is checked when the duel is over: it cannot fail", m.Seat, m.Text)
	}
	if p.Seat != m.Seat {
		return fmt.Errorf("`! %s: %s` is checked at a %s prompt of %s: it cannot fail there (check it at a prompt of %s)",
			m.Seat, m.Text, p.Kind, p.Seat, m.Seat)
	}
	for _, k := range kinds {
		if k == p.Kind {
			return nil
		}
	}
	return fmt.Errorf("`! %s: %s` is checked at a %s prompt, which never offers %q: it cannot fail there",
		m.Seat, m.Text, p.Kind, verb)
}
