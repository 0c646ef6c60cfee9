// Where a form says each field's error (issue #22): the names a <FieldError> is on the screen for,
// per form (its control). An error for such a field is said there, once; only an error with no
// place of its own (a document kind the screen does not show) goes above the button.

const places = new WeakMap<object, Map<string, number>>();

/** A <FieldError> for `name` is on the screen of the form `control` (until the returned call). */
export function addFieldErrorPlace(control: object, name: string): () => void {
  let names = places.get(control);
  if (!names) {
    names = new Map();
    places.set(control, names);
  }
  names.set(name, (names.get(name) ?? 0) + 1);
  return () => {
    const left = (names.get(name) ?? 1) - 1;
    if (left > 0) names.set(name, left);
    else names.delete(name);
  };
}

export function checkHasFieldErrorPlace(control: object, name: string): boolean {
  return (places.get(control)?.get(name) ?? 0) > 0;
}
