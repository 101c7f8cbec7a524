// Package rating is the Glicko-2 rating system, as Mark Glickman's paper "Example of the Glicko-2
// system" (2013) gives it: a rating r, a rating deviation RD (how uncertain r is) and a volatility
// σ (how erratic the player's results are) per player, updated from the results of a rating
// period. The package is pure: no clock, no I/O; the caller says how many rating periods passed.
package rating

import (
	"errors"
	"fmt"
	"math"
)

// scale is the factor between the Glicko scale (r, RD) and the Glicko-2 scale (μ, φ): 400/ln 10.
const scale = 173.7178

// Defaults of a new player and of the system (docs/ladder.md).
const (
	DefaultRating     = 1500.0
	DefaultRD         = 350.0
	DefaultVolatility = 0.06
	DefaultTau        = 0.5   // τ: how much the volatility may change in one period
	MinRD             = 30.0  // RD never falls below this, so a rating keeps moving
	MaxRD             = 350.0 // nor rises above a new player's
	epsilon           = 0.000001
)

// ErrBadRating is wrapped by the errors of out-of-range inputs.
var ErrBadRating = errors.New("rating: bad input")

// Rating is one player's Glicko-2 rating on the Glicko scale.
type Rating struct {
	R     float64 // the rating, 1500 for a new player
	RD    float64 // the rating deviation
	Sigma float64 // the volatility σ
}

// New returns a new player's rating.
func New() Rating { return Rating{R: DefaultRating, RD: DefaultRD, Sigma: DefaultVolatility} }

// Score is a game's result for the player: 1 a win, 0.5 a draw, 0 a loss.
type Score float64

// The three results.
const (
	Loss Score = 0
	Draw Score = 0.5
	Win  Score = 1
)

// Result is one game of a rating period: the opponent's rating before the period and the score.
type Result struct {
	Opponent Rating
	Score    Score
}

// System holds the system constant τ and the bounds of RD.
type System struct {
	Tau          float64
	MinRD, MaxRD float64
}

// Default is the system the ladder uses.
var Default = System{Tau: DefaultTau, MinRD: MinRD, MaxRD: MaxRD}

func (r Rating) check() error {
	if !(r.RD > 0) || !(r.Sigma > 0) || math.IsInf(r.R, 0) || math.IsNaN(r.R) || math.IsInf(r.RD, 0) || math.IsInf(r.Sigma, 0) {
		return fmt.Errorf("%w: rating %v/%v/%v (RD and σ must be positive and every figure finite)", ErrBadRating, r.R, r.RD, r.Sigma)
	}
	return nil
}

// g is the paper's g(φ): it weighs a game by how certain the opponent's rating is.
func g(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }

// expected is E(μ, μj, φj): the expected score against the opponent.
func expected(mu, muj, phij float64) float64 { return 1 / (1 + math.Exp(-g(phij)*(mu-muj))) }

// Expected returns the score a expects against b (between 0 and 1).
func Expected(a, b Rating) float64 {
	return expected((a.R-DefaultRating)/scale, (b.R-DefaultRating)/scale, b.RD/scale)
}

// Update returns the player's rating after a rating period with the given results (steps 2 to 8
// of the paper). A period with no results only widens RD (step 6 alone). RD is then kept within
// the system's bounds (the paper has none; an online ladder needs them, docs/ladder.md).
func (s System) Update(p Rating, results []Result) (Rating, error) {
	if err := p.check(); err != nil {
		return p, err
	}
	if !(s.Tau > 0) {
		return p, fmt.Errorf("%w: τ %v must be positive", ErrBadRating, s.Tau)
	}
	for i, res := range results {
		if err := res.Opponent.check(); err != nil {
			return p, fmt.Errorf("result %d: %w", i+1, err)
		}
		if res.Score != Win && res.Score != Draw && res.Score != Loss {
			return p, fmt.Errorf("%w: result %d: score %v is not 0, 0.5 or 1", ErrBadRating, i+1, res.Score)
		}
	}
	// Step 2: to the Glicko-2 scale.
	mu, phi, sigma := (p.R-DefaultRating)/scale, p.RD/scale, p.Sigma
	if len(results) == 0 {
		return s.clamp(Rating{R: p.R, RD: math.Sqrt(phi*phi+sigma*sigma) * scale, Sigma: sigma}), nil
	}
	// Steps 3 and 4: the estimated variance v and the improvement Δ.
	var vInv, sum float64
	for _, res := range results {
		muj, phij := (res.Opponent.R-DefaultRating)/scale, res.Opponent.RD/scale
		gj, ej := g(phij), expected(mu, muj, phij)
		vInv += gj * gj * ej * (1 - ej)
		sum += gj * (float64(res.Score) - ej)
	}
	v := 1 / vInv
	delta := v * sum
	// Step 5: the new volatility, by the Illinois algorithm.
	sigma = s.volatility(phi, sigma, v, delta)
	// Steps 6 and 7: the new φ and μ.
	phiStar := math.Sqrt(phi*phi + sigma*sigma)
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	muNew := mu + phiNew*phiNew*sum
	// Step 8: back to the Glicko scale.
	return s.clamp(Rating{R: muNew*scale + DefaultRating, RD: phiNew * scale, Sigma: sigma}), nil
}

// volatility is step 5: σ' is e^(A/2) where A is the root of f, found by the Illinois algorithm.
func (s System) volatility(phi, sigma, v, delta float64) float64 {
	a := math.Log(sigma * sigma)
	tau2 := s.Tau * s.Tau
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/tau2
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*s.Tau) < 0 {
			k++
		}
		B = a - k*s.Tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > epsilon && i < 1000; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}

// Idle returns the rating after periods rating periods without a game: RD grows as step 6 of the
// paper says, φ' = √(φ² + n·σ²), up to the system's MaxRD. Fractions of a period are allowed.
func (s System) Idle(p Rating, periods float64) Rating {
	if !(periods > 0) {
		return p
	}
	phi := p.RD / scale
	return s.clamp(Rating{R: p.R, RD: math.Sqrt(phi*phi+periods*p.Sigma*p.Sigma) * scale, Sigma: p.Sigma})
}

// clamp keeps RD within the system's bounds (no bound when one is 0).
func (s System) clamp(p Rating) Rating {
	if s.MinRD > 0 && p.RD < s.MinRD {
		p.RD = s.MinRD
	}
	if s.MaxRD > 0 && p.RD > s.MaxRD {
		p.RD = s.MaxRD
	}
	return p
}

// Game rates one game between a and b (a scored sa) as a rating period of one game for each, the
// way an online ladder rates every game at once. Both new ratings come from the ratings before.
func (s System) Game(a, b Rating, sa Score) (Rating, Rating, error) {
	na, err := s.Update(a, []Result{{Opponent: b, Score: sa}})
	if err != nil {
		return a, b, fmt.Errorf("first player: %w", err)
	}
	nb, err := s.Update(b, []Result{{Opponent: a, Score: 1 - sa}})
	if err != nil {
		return a, b, fmt.Errorf("second player: %w", err)
	}
	return na, nb, nil
}
