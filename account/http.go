package account

import (
	"errors"
	"fmt"
	"log"
	"net/http"
	"strconv"
	"time"

	"github.com/duelistgame/duelist/internal/httpjson"
	"github.com/duelistgame/duelist/internal/routetable"
	"github.com/duelistgame/duelist/limit"
)

// Cookie names. Browsers accept a "__Host-" cookie only with Secure, so over plain HTTP (a local
// server on http://127.0.0.1) the session uses PlainCookie instead; over TLS, or with
// Options.SecureCookies behind a TLS proxy, only SecureCookie is read or written.
const (
	SecureCookie = "__Host-duelist_session"
	PlainCookie  = "duelist_session"
)

// maxBody bounds a request body of the account API.
const maxBody = 4 << 10

func (s *Service) secure(r *http.Request) bool { return s.opts.SecureCookies || r.TLS != nil }

func (s *Service) cookieName(r *http.Request) string {
	if s.secure(r) {
		return SecureCookie
	}
	return PlainCookie
}

// token returns the session token the request carries, or "".
func (s *Service) token(r *http.Request) string {
	c, err := r.Cookie(s.cookieName(r))
	if err != nil {
		return ""
	}
	return c.Value
}

func (s *Service) setCookie(w http.ResponseWriter, r *http.Request, tok string, maxAge int) {
	http.SetCookie(w, &http.Cookie{Name: s.cookieName(r), Value: tok, Path: "/", MaxAge: maxAge,
		Secure: s.secure(r), HttpOnly: true, SameSite: http.SameSiteLaxMode})
}

// Middleware sets the logged-in user of each request (FromContext) from its session cookie;
// requests without a valid session pass on as guests.
func (s *Service) Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if tok := s.token(r); tok != "" {
			if u, err := s.Session(r.Context(), tok); err == nil {
				r = r.WithContext(WithSession(WithUser(r.Context(), u), SessionID(tok)))
			} else if !errors.Is(err, ErrNoSession) {
				log.Printf("account: %v", err)
			}
		}
		next.ServeHTTP(w, r)
	})
}

// Routes mounts the JSON API under /api/account/ on mux: POST register, login, logout,
// logout-all, password, delete; GET me. State-changing requests are behind
// http.CrossOriginProtection. The handlers read the user set by Middleware, so the server wraps
// its whole mux in s.Middleware. GET session is GET me that answers a guest {"user": null}.
func (s *Service) Routes(mux *routetable.Table) {
	cop := http.NewCrossOriginProtection()
	post := func(path string, h http.HandlerFunc) {
		mux.Handle("POST /api/account/"+path, routetable.Guard(cop, h))
	}
	post("register", s.handleRegister)
	post("login", s.handleLogin)
	post("logout", s.handleLogout)
	post("logout-all", s.needUser(s.handleLogoutAll))
	post("password", s.needUser(s.handlePassword))
	post("delete", s.needUser(s.handleDelete))
	// GET session: who is logged in, answered 200 with {"user": null} for a guest, so that a
	// page asking as a guest logs no failed request (GET me answers a guest 401).
	mux.HandleFunc("GET /api/account/session", func(w http.ResponseWriter, r *http.Request) {
		var out struct {
			User any `json:"user"`
		}
		if u, ok := FromContext(r.Context()); ok {
			out.User = userJSON(u)
		}
		httpjson.Write(w, http.StatusOK, out)
	})
	mux.HandleFunc("GET /api/account/me", s.needUser(func(w http.ResponseWriter, r *http.Request) {
		u, _ := FromContext(r.Context())
		httpjson.Write(w, http.StatusOK, userJSON(u))
	}))
}

type credentials struct {
	Name        string `json:"name"`
	Password    string `json:"password"`
	NewPassword string `json:"newPassword"`
}

type userBody struct {
	ID   ID     `json:"id"`
	Name string `json:"name"`
}

func userJSON(u User) userBody { return userBody(u) }

func (s *Service) needUser(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if _, ok := FromContext(r.Context()); !ok {
			httpjson.Err(w, http.StatusUnauthorized, ErrNoSession)
			return
		}
		h(w, r)
	}
}

func readCreds(w http.ResponseWriter, r *http.Request) (credentials, bool) {
	var c credentials
	if err := httpjson.Read(w, r, maxBody, &c); err != nil {
		httpjson.Err(w, http.StatusBadRequest, fmt.Errorf("the request body is not the expected JSON object: %v", err))
		return c, false
	}
	return c, true
}

// clientAddr is the request's client address, the key of the per-address limits: the same as
// the duel server's (limit.Addr with Options.ProxyHeader).
func (s *Service) clientAddr(r *http.Request) string { return limit.Addr(r, s.opts.ProxyHeader) }

func (s *Service) handleRegister(w http.ResponseWriter, r *http.Request) {
	c, ok := readCreds(w, r)
	if !ok {
		return
	}
	// Registration hashes a password too: it spends the address's attempts and registrations.
	u, err := s.register(r.Context(), s.clientAddr(r), c.Name, c.Password)
	if err != nil {
		s.fail(w, err)
		return
	}
	tok, err := s.newSession(r.Context(), u.ID)
	if err != nil {
		s.fail(w, err)
		return
	}
	s.setCookie(w, r, tok, int(s.opts.SessionTTL/time.Second))
	httpjson.Write(w, http.StatusCreated, userJSON(u))
}

func (s *Service) handleLogin(w http.ResponseWriter, r *http.Request) {
	c, ok := readCreds(w, r)
	if !ok {
		return
	}
	u, tok, err := s.Login(r.Context(), s.clientAddr(r), c.Name, c.Password)
	if err != nil {
		s.fail(w, err)
		return
	}
	if old := s.token(r); old != "" {
		_ = s.Logout(r.Context(), old)
	}
	s.setCookie(w, r, tok, int(s.opts.SessionTTL/time.Second))
	httpjson.Write(w, http.StatusOK, userJSON(u))
}

func (s *Service) handleLogout(w http.ResponseWriter, r *http.Request) {
	if tok := s.token(r); tok != "" {
		if err := s.Logout(r.Context(), tok); err != nil {
			s.fail(w, err)
			return
		}
	}
	s.setCookie(w, r, "", -1)
	w.WriteHeader(http.StatusNoContent)
}

func (s *Service) handleLogoutAll(w http.ResponseWriter, r *http.Request) {
	u, _ := FromContext(r.Context())
	if err := s.LogoutAll(r.Context(), u.ID); err != nil {
		s.fail(w, err)
		return
	}
	s.setCookie(w, r, "", -1)
	w.WriteHeader(http.StatusNoContent)
}

func (s *Service) handlePassword(w http.ResponseWriter, r *http.Request) {
	u, _ := FromContext(r.Context())
	c, ok := readCreds(w, r)
	if !ok {
		return
	}
	if err := s.ChangePassword(r.Context(), s.clientAddr(r), u, c.Password, c.NewPassword, s.token(r)); err != nil {
		s.fail(w, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Service) handleDelete(w http.ResponseWriter, r *http.Request) {
	u, _ := FromContext(r.Context())
	c, ok := readCreds(w, r)
	if !ok {
		return
	}
	if err := s.Delete(r.Context(), s.clientAddr(r), u, c.Password); err != nil {
		s.fail(w, err)
		return
	}
	s.setCookie(w, r, "", -1)
	w.WriteHeader(http.StatusNoContent)
}

// fail writes err with its status: the service's own errors as they are, validation errors as
// 400, anything else as a logged 500 that reveals nothing.
func (s *Service) fail(w http.ResponseWriter, err error) {
	switch {
	case errors.Is(err, ErrBadLogin), errors.Is(err, ErrNoSession):
		httpjson.Err(w, http.StatusUnauthorized, err)
	case errors.Is(err, ErrRateLimited), errors.Is(err, ErrInFlight):
		setRetryAfter(w, err)
		httpjson.Err(w, http.StatusTooManyRequests, err)
	case errors.Is(err, ErrBusy):
		setRetryAfter(w, err)
		httpjson.Err(w, http.StatusServiceUnavailable, ErrBusy)
	case errors.Is(err, ErrNameTaken):
		httpjson.Err(w, http.StatusConflict, err)
	case isValidation(err):
		httpjson.Err(w, http.StatusBadRequest, err)
	default:
		log.Printf("account: %v", err)
		httpjson.Err(w, http.StatusInternalServerError, errors.New("internal error"))
	}
}

// setRetryAfter sets Retry-After to the whole seconds a limit's refusal asks to wait (at least 1).
func setRetryAfter(w http.ResponseWriter, err error) {
	secs := int((retryAfter(err) + time.Second - 1) / time.Second)
	w.Header().Set("Retry-After", strconv.Itoa(max(secs, 1)))
}
