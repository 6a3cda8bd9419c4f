// Wire types of protocol.md 2.3-2.5 and 4.1 with the answer shapes fixed by decisions.md 2.
// Types only: no runtime code lives here.
export {};
