// What a provider's failure means for a message (issue #22, docs/backoffice.md "Notifications").
// A refusal (an answer that says no, or no connection made) means nothing was taken: sending again
// cannot make a duplicate. Anything after the request went out without an answer (a time-out, a
// connection lost mid-request) is uncertain: the provider may have taken the message.

/** The request may have reached the provider, and no answer says whether it took the message. */
export class DeliveryUncertainError extends Error {
  override readonly name = 'DeliveryUncertainError';
}

export function checkIsDeliveryUncertain(err: unknown): boolean {
  return err instanceof DeliveryUncertainError;
}
