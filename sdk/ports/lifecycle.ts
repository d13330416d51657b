/** Ports, so analytics/ (which uses them) and host/ (which implements them) need not import each other. */

/** Page signals the session reacts to; each registration returns its cleanup. */
export interface LifecycleAdapter {
  /** The page became hidden: flush with keepalive. */
  onHidden(callback: () => void): () => void;
  /** The page is being unloaded or put in the back-forward cache: flush with keepalive. */
  onPageHide(callback: () => void): () => void;
  /** Another tab changed storage (`key` null when it was cleared): its events may need a sender. */
  onStorageChange?(callback: (key: string | null) => void): () => void;
}

/** A named exclusive lock shared by the tabs of one origin; `fn` runs while it is held. */
export interface LockAdapter {
  request(name: string, fn: () => Promise<void>, options?: { signal?: AbortSignal }): Promise<void>;
}
