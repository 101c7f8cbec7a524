package engine

import "testing"

// TestNewPromptForgetsLook checks that a new prompt does not inherit the last one's Look: a
// search of the Deck (Ctx.SearchCards) shows its candidates' faces, and a select asked after it
// (a tribute, the End Phase discard, a SelectGroup over the opponent's face-down cards) must not
// show its own candidates' faces too.
func TestNewPromptForgetsLook(t *testing.T) {
	g := &game{}
	p := g.newPrompt(PromptSelect, A)
	p.Look = true
	if q := g.newPrompt(PromptSelect, B); q.Look {
		t.Fatal("a new select prompt kept the last prompt's Look: its chooser would see face-down candidates")
	}
}
