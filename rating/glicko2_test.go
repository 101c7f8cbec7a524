package rating

import (
	"errors"
	"math"
	"testing"
)

func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol {
		t.Errorf("%s = %.6f, want %.6f (±%g)", what, got, want, tol)
	}
}

// paper is the worked example of Glickman's "Example of the Glicko-2 system": a player rated
// 1500/200/0.06 beats a 1400/30 player and loses to 1550/100 and 1700/300 players, τ = 0.5.
var paper = struct {
	player  Rating
	results []Result
}{
	player: Rating{R: 1500, RD: 200, Sigma: 0.06},
	results: []Result{
		{Opponent: Rating{R: 1400, RD: 30, Sigma: 0.06}, Score: Win},
		{Opponent: Rating{R: 1550, RD: 100, Sigma: 0.06}, Score: Loss},
		{Opponent: Rating{R: 1700, RD: 300, Sigma: 0.06}, Score: Loss},
	},
}

func TestPaperExample(t *testing.T) {
	got, err := System{Tau: 0.5}.Update(paper.player, paper.results)
	if err != nil {
		t.Fatal(err)
	}
	// The paper's published figures: r' = 1464.06, RD' = 151.52, σ' = 0.05999. The paper rounds
	// its intermediate figures (v = 1.7785, Δ = -0.4834), so its last digit differs from exact
	// arithmetic by under 0.01: the check is to the published figures at that precision, and a
	// tighter one pins the exact values.
	near(t, "r'", got.R, 1464.06, 0.01)
	near(t, "RD'", got.RD, 151.52, 0.01)
	near(t, "σ'", got.Sigma, 0.05999, 0.00001)
	near(t, "r' exact", got.R, 1464.0507, 0.0001)
	near(t, "RD' exact", got.RD, 151.5165, 0.0001)
	near(t, "σ' exact", got.Sigma, 0.059996, 0.000001)
}

func TestPaperIntermediates(t *testing.T) {
	// Steps 3-5 of the paper: v = 1.7785, Δ = -0.4834, σ' = 0.05999; g and E of the opponents.
	mu, phi := 0.0, 200/scale
	wantG := []float64{0.9955, 0.9531, 0.7242}
	wantE := []float64{0.639, 0.432, 0.303}
	var vInv, sum float64
	for i, res := range paper.results {
		muj, phij := (res.Opponent.R-1500)/scale, res.Opponent.RD/scale
		near(t, "g", g(phij), wantG[i], 0.00005)
		near(t, "E", expected(mu, muj, phij), wantE[i], 0.0005)
		e := expected(mu, muj, phij)
		vInv += g(phij) * g(phij) * e * (1 - e)
		sum += g(phij) * (float64(res.Score) - e)
	}
	v := 1 / vInv
	near(t, "v", v, 1.7785, 0.001) // the paper's rounded figures
	near(t, "Δ", v*sum, -0.4834, 0.001)
	near(t, "σ'", System{Tau: 0.5}.volatility(phi, 0.06, v, v*sum), 0.05999, 0.00001)
}

func TestNoGamesWidensRD(t *testing.T) {
	p := Rating{R: 1700, RD: 100, Sigma: 0.06}
	got, err := System{Tau: 0.5}.Update(p, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := math.Sqrt(math.Pow(100/scale, 2)+0.06*0.06) * scale
	near(t, "RD'", got.RD, want, 1e-9)
	if got.R != p.R || got.Sigma != p.Sigma {
		t.Errorf("a period without games changed r or σ: %+v", got)
	}
	idle := System{}.Idle(p, 1)
	near(t, "Idle RD", idle.RD, want, 1e-9)
	if two := (System{}).Idle(p, 2); two.RD <= idle.RD {
		t.Errorf("two idle periods (RD %.2f) widen no more than one (%.2f)", two.RD, idle.RD)
	}
	if capped := Default.Idle(p, 1e6); capped.RD != MaxRD {
		t.Errorf("RD after a long idle = %.2f, want the cap %v", capped.RD, MaxRD)
	}
}

func TestGame(t *testing.T) {
	a, b := New(), New()
	na, nb, err := Default.Game(a, b, Win)
	if err != nil {
		t.Fatal(err)
	}
	if !(na.R > a.R) || !(nb.R < b.R) {
		t.Fatalf("the winner should gain and the loser lose: %+v %+v", na, nb)
	}
	near(t, "gain = loss between equals", na.R-a.R, b.R-nb.R, 1e-9)
	if !(na.RD < a.RD) {
		t.Errorf("a game should make the rating surer: RD %.2f -> %.2f", a.RD, na.RD)
	}
	da, db, _ := Default.Game(a, b, Draw)
	near(t, "draw between equals", da.R, a.R, 1e-9)
	near(t, "draw between equals", db.R, b.R, 1e-9)
	// An upset moves more than the expected result.
	strong := Rating{R: 1900, RD: 80, Sigma: 0.06}
	weak := Rating{R: 1500, RD: 80, Sigma: 0.06}
	up, _, _ := Default.Game(weak, strong, Win)
	exp, _, _ := Default.Game(strong, weak, Win)
	if !(up.R-weak.R > exp.R-strong.R) {
		t.Errorf("upset gain %.2f should exceed the favourite's gain %.2f", up.R-weak.R, exp.R-strong.R)
	}
	if e := Expected(strong, weak); !(e > 0.5 && e < 1) {
		t.Errorf("Expected(strong, weak) = %v", e)
	}
	// RD never falls below the floor, however many games.
	p := New()
	for range 500 {
		p, _, _ = Default.Game(p, New(), Draw)
	}
	if p.RD < MinRD {
		t.Errorf("RD %.2f under the floor %v", p.RD, MinRD)
	}
}

func TestBadInput(t *testing.T) {
	bad := []struct {
		name string
		p    Rating
		res  []Result
		s    System
	}{
		{"zero RD", Rating{R: 1500, RD: 0, Sigma: 0.06}, nil, Default},
		{"NaN rating", Rating{R: math.NaN(), RD: 100, Sigma: 0.06}, nil, Default},
		{"zero σ", Rating{R: 1500, RD: 100, Sigma: 0}, nil, Default},
		{"bad score", New(), []Result{{Opponent: New(), Score: 0.7}}, Default},
		{"bad opponent", New(), []Result{{Opponent: Rating{R: 1500, RD: -1, Sigma: 0.06}, Score: Win}}, Default},
		{"zero τ", New(), nil, System{}},
	}
	for _, c := range bad {
		got, err := c.s.Update(c.p, c.res)
		if !errors.Is(err, ErrBadRating) {
			t.Errorf("%s: err = %v, want ErrBadRating", c.name, err)
		}
		if got != c.p && !math.IsNaN(c.p.R) {
			t.Errorf("%s: the rating changed on bad input: %+v", c.name, got)
		}
	}
}
