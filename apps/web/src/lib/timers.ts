// spec §2: all pending timers are cleared on every navigation. Screens schedule through here.
const pending = new Set<ReturnType<typeof setTimeout>>();

export function later(fn: () => void, ms: number) {
  const id = setTimeout(() => {
    pending.delete(id);
    fn();
  }, ms);
  pending.add(id);
  return () => {
    clearTimeout(id);
    pending.delete(id);
  };
}

export function clearPendingTimers() {
  for (const id of pending) clearTimeout(id);
  pending.clear();
}
