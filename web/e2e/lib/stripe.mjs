// The Stripe.js fields as a payer meets them. Under the test-mode provider the server's local
// Stripe serves a stand-in Stripe.js (stripe-mock/src/stripe-js.js): the Payment Element and the
// CVC element are labelled fields in the page (in English or Spanish, like Stripe's), and a 3-D
// Secure card opens a challenge with "Complete" and "Fail", like Stripe's test page.

const LABELS = {
  number: /^(Card number|Número de tarjeta)$/,
  expiry: /^(Expiration date|Fecha de caducidad)$/,
  cvc: /^(Security code|Código de seguridad)$/,
  country: /^(Country|País)$/,
};

/** Stripe's test cards. */
export const CARDS = {
  visa: '4242 4242 4242 4242',
  mastercard: '5555 5555 5555 4444',
  declined: '4000 0000 0000 0002',
  threeDSecure: '4000 0000 0000 3220',
  threeDSecure3184: '4000 0027 6000 3184',
};

/** The Payment Element inside `scope`. */
export function paymentElement(scope) {
  return scope.locator('[data-stripe-standin=payment]');
}

/** Types a card into the Payment Element inside `scope`; `country` (ISO code) if given. */
export async function fillCard(scope, { number = CARDS.visa, expiry = '12 / 34', cvc = '123', country } = {}) {
  const element = paymentElement(scope);
  await element.getByLabel(LABELS.number).fill(number);
  await element.getByLabel(LABELS.expiry).fill(expiry);
  await element.getByLabel(LABELS.cvc).fill(cvc);
  if (country) await element.getByLabel(LABELS.country).selectOption(country);
}

/** The country the Payment Element has selected. */
export function cardCountry(scope) {
  return paymentElement(scope).getByLabel(LABELS.country).inputValue();
}

/** The CVC element of a saved card, inside `scope`. */
export function cvcField(scope) {
  return scope.locator('[data-stripe-standin=cardCvc] input');
}

/** Types the CVC of a saved card when it is asked (waits until the panel knows). */
export async function fillCvcIfAsked(scope, cvc = '123') {
  await scope.locator('[data-testid=pay-button]:not([disabled]), [data-stripe-standin=cardCvc] input').first().waitFor();
  const field = cvcField(scope);
  if (await field.isVisible()) await field.fill(cvc);
}

/** The 3-D Secure challenge of the stand-in Stripe.js. */
export function challenge(page) {
  return page.getByRole('dialog', { name: /3D Secure 2/ });
}

/** Answers the 3-D Secure challenge: 'complete' or 'fail'. */
export async function answerChallenge(page, result) {
  const dialog = challenge(page);
  await dialog.waitFor();
  await dialog.getByRole('button', { name: result === 'complete' ? /^(Complete|Completar)$/ : /^(Fail|Fallar)$/ }).click();
  await dialog.waitFor({ state: 'detached' });
}
