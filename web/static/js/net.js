// The connection to the server: protocol version 2 over a WebSocket (docs/protocol.md): the board
// once, then deltas (wire.js). It says hello, reconnects after a drop and rejoins the seat it held
// with the seat token, or watches again the room it was watching (a spectator's reload, or a new
// tab opened at "#/duel?watch=CODE"). A server that does not speak version 2 (an older one) is
// spoken to in version 1, whose whole states the client reads as boards.

export const VERSION = 2;

export class Net {
  constructor(onMessage, onStatus) {
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.ws = null;
    this.queue = [];
    this.welcomed = false;
    this.retry = 0;
    this.name = '';
    this.version = VERSION; // the version said in hello: 1 after a server refused 2
    // Quick match: the queue message while the player is queued. A server forgets the queue of
    // a connection that closed (a drop, a restart, a node that died or handed its queues over),
    // so it is sent again after the reconnection; requeues counts the automatic ones refused
    // because the server had not yet seen the old connection close (tried again a moment later).
    /** @type {any} */ this.queued = null;
    this.requeues = 0;
  }

  url() {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    return `${proto}//${location.host}/ws`;
  }

  connect() {
    const ws = new WebSocket(this.url());
    this.ws = ws;
    this.welcomed = false;
    ws.onopen = () => {
      this.retry = 0;
      ws.send(JSON.stringify({ t: 'hello', v: this.version, name: this.name }));
    };
    ws.onmessage = (e) => {
      let m;
      try { m = JSON.parse(e.data); } catch { return; }
      if (m.t === 'error' && m.code === 'version' && !this.welcomed && this.version > 1) {
        this.version = 1; // an older server: version 1 (whole states) is spoken by every server
        ws.send(JSON.stringify({ t: 'hello', v: 1, name: this.name }));
        return;
      }
      if (m.t === 'welcome') {
        this.welcomed = true;
        this.onStatus('online');
        const seat = this.savedSeat();
        const watched = seat ? '' : this.savedWatch();
        if (seat) this.sendNow({ t: 'rejoin', room: seat.room, token: seat.token });
        else if (watched) this.sendNow({ t: 'watch', room: watched });
        const pending = this.queue.splice(0);
        if (this.queued && !seat && !pending.includes(this.queued)) this.requeue();
        for (const q of pending) this.sendNow(q);
      }
      if (m.t === 'error' && m.re === 'queue' && m.code === 'state' && this.queued && this.requeues > 0 && this.requeues < 6) {
        setTimeout(() => { if (this.queued && this.ws === ws && this.welcomed) this.requeue(); }, 1000);
        return; // an automatic requeue met the old connection's entry: tried again
      }
      if (m.t === 'unqueued' || m.t === 'joined' || (m.t === 'error' && m.re === 'queue')) { this.queued = null; this.requeues = 0; }
      if (m.t === 'queued') this.requeues = 0;
      if (m.t === 'joined' && m.token) { this.saveSeat(m.room, m.token); this.forgetWatch(); }
      if (m.t === 'joined' && m.role === 'spectator') this.saveWatch(m.room);
      // Out of the room: forget it (a logout elsewhere closes the socket, not the seat: it is
      // rejoined after the reconnection).
      if (m.t === 'closed' && m.code !== 'logged-out' && m.code !== 'idle') { this.forgetSeat(); this.forgetWatch(); }
      if (m.t === 'error' && m.re === 'watch') this.forgetWatch();
      if (m.t === 'error' && m.re === 'rejoin') this.forgetSeat();
      this.onMessage(m);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.onStatus('offline');
      const delay = Math.min(5000, 250 * 2 ** this.retry++);
      setTimeout(() => this.connect(), delay);
    };
  }

  sendNow(m) { this.ws.send(JSON.stringify(m)); }

  /** requeue sends the queue message again after a reconnection (see queued). */
  requeue() {
    this.requeues++;
    this.sendNow(this.queued);
  }

  // send sends a message once the server has welcomed this connection.
  send(m) {
    if (m.t === 'queue') { this.queued = m; this.requeues = 0; }
    if (m.t === 'unqueue') this.queued = null;
    if (this.welcomed && this.ws.readyState === WebSocket.OPEN) this.sendNow(m);
    else this.queue.push(m);
  }

  // The seat token lives in sessionStorage: a reload or a dropped connection rejoins the seat;
  // another tab is another player.
  saveSeat(room, token) { sessionStorage.setItem('duelist.seat', JSON.stringify({ room, token })); }
  savedSeat() {
    try { return JSON.parse(sessionStorage.getItem('duelist.seat') || 'null'); } catch { return null; }
  }
  forgetSeat() { sessionStorage.removeItem('duelist.seat'); }

  // The room being watched lives in sessionStorage and in the duel page's address
  // ("#/duel?watch=CODE"): a reload watches it again, and so does a new tab opened at that address.
  /** @param {string} room */
  saveWatch(room) { sessionStorage.setItem('duelist.watch', room); }
  /** @returns {string} the room this tab watches, '' if none */
  savedWatch() {
    const [path, query] = location.hash.slice(1).split('?');
    const inURL = path === '/duel' ? new URLSearchParams(query || '').get('watch') : null;
    return inURL || sessionStorage.getItem('duelist.watch') || '';
  }
  forgetWatch() { sessionStorage.removeItem('duelist.watch'); } // the App leaves the address
}
