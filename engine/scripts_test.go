package engine

import (
	"strings"
	"testing"
)

// TestPrepareRefusesMisplacedConditions: Static is read for Continuous effects only, the activation
// fields and each of Condition, TriggerIf and Answers for some other kinds; a script that sets one
// where it is never read fails when it registers.
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
		{"Condition", &Effect{Kind: Continuous, Condition: yes}},
		{"does not activate", &Effect{Kind: Continuous, Resolve: func(*Ctx) {}}},
		{"Static is for", &Effect{Kind: Ignition, Static: Static{ATK: 100}}},
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
		{Kind: Quick, On: On(EvSummon), Answers: yes}, {Kind: Ignition, Condition: yes},
		{Kind: Continuous, Static: Static{ATK: 100, Affects: func(*Ctx, CardID) bool { return true }}}}
	(&Script{Effects: good}).Prepare()
}
