package server

import "time"

// clock is the seats' time banks (two, or four in a tag duel) (as YGOPro servers keep them): each seat has limit at the
// start of every turn, and its bank drains only while it must answer. A seat whose bank runs out
// loses the duel. The clock belongs to its room's actor; its timer posts to the room.
type clock struct {
	limit   time.Duration
	bank    [4]time.Duration
	running int // the seat whose bank drains, or -1
	since   time.Time
	gen     int // the number of the running period; a timer of an older period is stale
	timer   *time.Timer
}

// reset fills both banks and stops the clock.
func (k *clock) reset(limit time.Duration) {
	k.halt()
	k.limit = limit
	k.bank = [4]time.Duration{limit, limit, limit, limit}
	k.running = -1
}

// refill fills both banks (a new turn).
func (k *clock) refill() { k.bank = [4]time.Duration{k.limit, k.limit, k.limit, k.limit} }

// stop takes the time since the running period began from its seat's bank and stops the clock.
func (k *clock) stop(now time.Time) {
	if k.running >= 0 {
		k.bank[k.running] -= now.Sub(k.since)
		if k.bank[k.running] < 0 {
			k.bank[k.running] = 0
		}
	}
	k.halt()
}

// halt stops the clock without charging anyone.
func (k *clock) halt() {
	k.running = -1
	k.gen++
	if k.timer != nil {
		k.timer.Stop()
		k.timer = nil
	}
}

// start runs seat's bank from now; expire is called (on the timer's goroutine) with the period's
// number when the bank would be empty.
func (k *clock) start(seat int, now time.Time, expire func(gen int)) {
	k.halt()
	k.running, k.since = seat, now
	gen := k.gen
	k.timer = time.AfterFunc(k.bank[seat], func() { expire(gen) })
}

// left returns what a seat's bank holds at now.
func (k *clock) left(seat int, now time.Time) time.Duration {
	b := k.bank[seat]
	if k.running == seat {
		b -= now.Sub(k.since)
	}
	return max(b, 0)
}

// json writes the clocks as the protocol does; tag adds the partners' (A2, B2).
func (k *clock) json(now time.Time, tag bool) clocksJSON {
	c := clocksJSON{A: k.left(0, now).Milliseconds(), B: k.left(1, now).Milliseconds(),
		Limit: k.limit.Milliseconds()}
	if tag {
		a2, b2 := k.left(2, now).Milliseconds(), k.left(3, now).Milliseconds()
		c.A2, c.B2 = &a2, &b2
	}
	if k.running >= 0 {
		c.Running = seatName(k.running)
	}
	return c
}

// seatName names a seat as the protocol does: A and B, and a tag duel's A2 and B2 (seats 2, 3).
func seatName(s int) string {
	switch s {
	case 1:
		return "B"
	case 2:
		return "A2"
	case 3:
		return "B2"
	}
	return "A"
}
