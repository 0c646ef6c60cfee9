// PLACEHOLDER (issue #7, being built this session): replaced by the step's screen.
export default function Placeholder() {
  return null;
}
