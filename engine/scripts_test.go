package engine

import (
	"strings"
	"testing"
)

// TestPrepareRefusesMisplacedConditions: each of Condition, TriggerIf and Answers is read for some
// kinds of effect only; a script that sets one where it is never read fails when it registers.
func TestPrepareRefusesMisplacedConditions(t *testing.T) {
	yes := func(*Ctx) bool { return true }
	bad := []struct {
		want string
		e    *Effect
	}{
		{"TriggerIf", &Effect{Kind: Quick, On: On(EvSummon), TriggerIf: yes}},
		{"Answers", &Effect{Kind: Trigger, On: On(EvSummon), Answers: yes}},
		{"Answers", &Effect{Kind: Activate, Answers: yes}},
		{"Condition", &Effect{Kind: Trigger, On: On(EvSummon), Condition: yes}},
		{"Condition", &Effect{Kind: Activate, On: On(EvSummon), Condition: yes}},
	}
	for _, c := range bad {
		func() {
			defer func() {
				if r := recover(); r == nil || !strings.Contains(r.(string), c.want) {
					t.Errorf("%+v: Prepare panicked with %v, want a message naming %s", c.e, r, c.want)
				}
			}()
			(&Script{Effects: []*Effect{c.e}}).Prepare()
		}()
	}
	good := []*Effect{{Kind: Trigger, On: On(EvSummon), TriggerIf: yes}, {Kind: Flip, TriggerIf: yes},
		{Kind: Quick, On: On(EvSummon), Answers: yes}, {Kind: Ignition, Condition: yes}}
	(&Script{Effects: good}).Prepare()
}
