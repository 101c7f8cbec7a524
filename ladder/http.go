package ladder

import (
	"errors"
	"log"
	"net/http"
	"strconv"
	"time"

	"github.com/duelistgame/duelist/account"
	"github.com/duelistgame/duelist/internal/httpjson"
	"github.com/duelistgame/duelist/internal/routetable"
)

// Routes mounts the ladder's read-only JSON API on mux (ratings change only through rated
// duels, which the duel server reports with Record):
//
//	GET /api/ladder/board?ruleset=ocg&format=bo1  the top 100 and, logged in, your own line
//	GET /api/ladder/profile/{id}                  a player's profile (id "me": your own); another's
//	                                              only logged in, only of a player on a ladder
//	GET /api/ladder/rating?ruleset=ocg&format=bo1 your rating in a queue (logged in)
func (l *Ladder) Routes(mux *routetable.Table) {
	mux.HandleFunc("GET /api/ladder/board", l.handleBoard)
	mux.HandleFunc("GET /api/ladder/profile/{id}", l.handleProfile)
	mux.HandleFunc("GET /api/ladder/rating", l.handleRating)
}

func me(r *http.Request) int64 {
	if u, ok := account.FromContext(r.Context()); ok {
		return int64(u.ID)
	}
	return 0
}

// queue reads the ruleset and format of a request (defaults ocg and bo1).
func queue(r *http.Request) (string, string, error) {
	rs, f := r.URL.Query().Get("ruleset"), r.URL.Query().Get("format")
	if rs == "" {
		rs = "ocg"
	}
	if f == "" {
		f = Bo1
	}
	if !ValidFormat(f) {
		return rs, f, errors.New(`format is "bo1" or "bo3"`)
	}
	if len(rs) > 32 {
		return rs, f, errors.New("ruleset is too long to be a ruleset id")
	}
	return rs, f, nil
}

func (l *Ladder) handleBoard(w http.ResponseWriter, r *http.Request) {
	rs, f, err := queue(r)
	if err != nil {
		httpjson.Err(w, http.StatusBadRequest, err)
		return
	}
	b, err := l.Leaderboard(r.Context(), rs, f, me(r))
	if err != nil {
		internal(w, err)
		return
	}
	httpjson.Write(w, http.StatusOK, b)
}

// handleProfile serves a profile. Account ids are sequential, so a profile by id would list every
// account's name to anyone counting (issue 35): another player's profile needs a login, is
// served only for a player with a rated game (on a ladder, public anyway) or a friend, the same 404 as for
// no account otherwise, and each account looks up ProfileBurst profiles, then one every
// ProfileEvery.
func (l *Ladder) handleProfile(w http.ResponseWriter, r *http.Request) {
	var id int64
	viewer := me(r)
	if s := r.PathValue("id"); s == "me" {
		if id = viewer; id == 0 {
			httpjson.Err(w, http.StatusUnauthorized, errors.New("not logged in"))
			return
		}
	} else {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n <= 0 {
			httpjson.Err(w, http.StatusBadRequest, errors.New("a profile is /api/ladder/profile/{account id} or /me"))
			return
		}
		id = n
	}
	if id != viewer {
		if viewer == 0 {
			httpjson.Err(w, http.StatusUnauthorized, errors.New("log in to see other players' profiles"))
			return
		}
		if ok, retry := l.profiles.Take(strconv.FormatInt(viewer, 10), l.now()); !ok {
			w.Header().Set("Retry-After", strconv.Itoa(int(retry/time.Second)+1))
			httpjson.Err(w, http.StatusTooManyRequests, errors.New("too many profiles looked up; try again in a moment"))
			return
		}
		rated, err := l.rated(r.Context(), id)
		if err == nil && !rated && l.friends != nil {
			rated, err = l.friends(r.Context(), viewer, id) // a friend's profile, rated or not
		}
		if err != nil {
			internal(w, err)
			return
		}
		if !rated {
			httpjson.Err(w, http.StatusNotFound, errors.New("no such player"))
			return
		}
	}
	p, err := l.Profile(r.Context(), id)
	if errors.Is(err, ErrNoAccount) {
		httpjson.Err(w, http.StatusNotFound, errors.New("no such player"))
		return
	}
	if err != nil {
		internal(w, err)
		return
	}
	httpjson.Write(w, http.StatusOK, p)
}

func (l *Ladder) handleRating(w http.ResponseWriter, r *http.Request) {
	id := me(r)
	if id == 0 {
		httpjson.Err(w, http.StatusUnauthorized, errors.New("not logged in"))
		return
	}
	rs, f, err := queue(r)
	if err != nil {
		httpjson.Err(w, http.StatusBadRequest, err)
		return
	}
	rt, err := l.Rating(r.Context(), id, rs, f)
	if err != nil {
		internal(w, err)
		return
	}
	httpjson.Write(w, http.StatusOK, map[string]any{"ruleset": rs, "format": f, "rating": round1(rt.R), "rd": round1(rt.RD)})
}

func internal(w http.ResponseWriter, err error) {
	log.Printf("ladder: %v", err)
	httpjson.Err(w, http.StatusInternalServerError, errors.New("internal error"))
}
