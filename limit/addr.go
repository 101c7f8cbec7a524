// Package limit is what every per-client limit of the server shares: one definition of the
// client's address (the TCP peer, or a trusted reverse proxy's header; an IPv6 address counted by
// its /64) and token buckets kept per key whose memory is bounded without forgetting the buckets
// that are spent (docs/security.md lists every limit built on them).
package limit

import (
	"context"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// Addr is the address a request comes from, the key of every per-address limit: the TCP peer's
// IP, or, when proxyHeader names the header a trusted reverse proxy writes the client's address
// into ("X-Real-IP", or "X-Forwarded-For", of which the last entry is the proxy's own), that
// header's. An IPv6 address counts by its /64 (one host, or one home, usually holds a whole
// /64), written as a prefix ("2001:db8:1:2::/64"); an IPv4-mapped IPv6 address is its IPv4
// address. Set proxyHeader only behind a proxy that overwrites the header: a client can write it
// otherwise.
func Addr(r *http.Request, proxyHeader string) string {
	s := r.RemoteAddr
	if h, _, err := net.SplitHostPort(s); err == nil {
		s = h
	}
	if proxyHeader != "" {
		if v := r.Header.Values(proxyHeader); len(v) > 0 {
			parts := strings.Split(v[len(v)-1], ",")
			s = strings.TrimSpace(parts[len(parts)-1])
		}
	}
	return Normalize(s)
}

// Normalize writes an IP address as the per-address limits count it: IPv4 as it is, IPv6 as its
// /64 prefix. Something that is not an IP address is returned as it is.
func Normalize(ip string) string {
	a, err := netip.ParseAddr(strings.TrimPrefix(strings.TrimSuffix(ip, "]"), "["))
	if err != nil {
		return ip
	}
	a = a.Unmap().WithZone("")
	if a.Is6() {
		p, _ := a.Prefix(64)
		return p.String()
	}
	return a.String()
}

type addrKey struct{}

// WithAddr returns h with every request's client address (Addr with proxyHeader) in its context,
// for RequestAddr: set once at the server's outermost layer, every limit behind it counts the
// same client.
func WithAddr(proxyHeader string, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), addrKey{}, Addr(r, proxyHeader))))
	})
}

// RequestAddr is the client address WithAddr put in r's context, or, without it, the TCP peer's
// (Addr with no proxy header).
func RequestAddr(r *http.Request) string {
	if a, ok := r.Context().Value(addrKey{}).(string); ok {
		return a
	}
	return Addr(r, "")
}
