// A remote has no page of its own: the host loads its exposed modules through the federation runtime.
export {};
