// Paying by card through Stripe's Payment Element, as demo-client. Under the test-mode provider
// the server's local Stripe serves a stand-in Stripe.js, so the client runs the code it runs with
// real keys (stripe.ts): Payment Element, confirmSetup, confirmCardPayment, 3-D Secure.
// 1. A 3-D Secure card (Stripe's 4000 0000 0000 3220) is added on the payment-methods page with
//    the Payment Element: the country preselected is the profile's; the payer picks another, and
//    that is the billing country Stripe is sent. A mistyped number is refused by the element first.
// 2. A plan paid with it: the bank's challenge failed, the payment is refused with Stripe's
//    message and nothing is charged (the payment failed, no subscription); paid again and the
//    challenge completed, the subscription is active.
import { CARDS, answerChallenge, cardCountry, challenge, cvcField, fillCard, paymentElement } from '../lib/stripe.mjs';

export default {
  name: 'cards',
  variants: ['en', 'es', 'mobile'],
  timeoutMs: 150_000,
  async run(ctx) {
    const { baseUrl, log, shot, t } = ctx;
    const token = await ctx.server.token('demo-client');
    const { data: me } = await ctx.api('GET', '/oauth/users', { token });
    const { data: country } = await ctx.api('GET', `/countries/${me.detail.country_id}`, { token });
    const client = await ctx.open('client', { as: 'demo-client' });

    // 1. A card with the Payment Element.
    await client.goto(`${baseUrl}/payment-methods`);
    await client.getByRole('button', { name: t('payments:addAnotherCard') }).click();
    const dialog = client.getByRole('dialog');
    await dialog.getByLabel(t('payments:cardholderName')).fill('Demo Client');
    await fillCard(dialog, { number: '4242 4242 4242 4241' });
    const preselected = await cardCountry(dialog);
    if (preselected !== country.iso2) throw new Error(`the card's country is ${preselected}, not the profile's ${country.iso2}`);
    await paymentElement(dialog).getByText(/^(Your card number is invalid\.|El número de tu tarjeta no es válido\.)$/).waitFor();
    await shot(client, 'card-number-invalid');

    await fillCard(dialog, { number: CARDS.threeDSecure, expiry: '09 / 33', cvc: '737', country: 'ES' });
    await shot(client, 'payment-element-3ds-card');
    const created = client.waitForRequest((r) => r.url().endsWith('/v1/payment_methods') && r.method() === 'POST');
    await dialog.getByRole('button', { name: t('payments:saveCard') }).click();
    const sent = new URLSearchParams((await created).postData() ?? '');
    if (sent.get('billing_details[address][country]') !== 'ES') throw new Error(`the billing country sent is ${sent.get('billing_details[address][country]')}`);
    if (sent.get('billing_details[name]') !== 'Demo Client') throw new Error('the cardholder name was not sent');
    await client.getByTestId('card-tile-3220').waitFor();
    log(`card 3220 saved, billing country ES (the profile's was ${country.iso2})`);

    // 2. The plan, paid with the 3-D Secure card.
    await client.goto(`${baseUrl}/subscriptions`);
    await client.getByText(t('subscriptions:none')).waitFor();
    await client.getByRole('button', { name: t('subscriptions:purchase') }).first().click();
    const pay = client.getByTestId('pay-panel');
    await pay.getByTestId('card-3220').check();
    await cvcField(pay).fill('737');
    await pay.locator('[data-testid=pay-button]:not([disabled])').waitFor();
    await pay.getByTestId('pay-button').click();
    await challenge(client).waitFor();
    await shot(client, '3ds-challenge');
    await answerChallenge(client, 'fail');
    await pay.getByRole('alert').filter({ hasText: 'unable to authenticate' }).waitFor();
    await shot(client, '3ds-failed-refused');
    const { data: afterFail } = await ctx.api('GET', '/transactions', { token });
    const subscriptionPayments = afterFail.filter((p) => p.purpose === 'subscription');
    if (subscriptionPayments.some((p) => p.state === 'paid')) throw new Error('a failed challenge was charged');
    if (!subscriptionPayments.some((p) => p.state === 'failed')) throw new Error(`the failed payment is not recorded: ${JSON.stringify(subscriptionPayments)}`);
    log('failed challenge: refused, nothing charged');

    // Again, the challenge completed.
    if (await cvcField(pay).isVisible()) await cvcField(pay).fill('737');
    await pay.locator('[data-testid=pay-button]:not([disabled])').waitFor();
    await pay.getByTestId('pay-button').click();
    await answerChallenge(client, 'complete');
    await client.getByTestId('active-subscriptions').waitFor();
    await shot(client, '3ds-completed-subscribed');
    const { data: afterPay } = await ctx.api('GET', '/transactions', { token });
    const paid = afterPay.filter((p) => p.purpose === 'subscription' && p.state === 'paid');
    if (paid.length !== 1) throw new Error(`${paid.length} paid subscription payments, not 1`);
    log(`completed challenge: paid once (${paid[0].amount_cents} cents)`);
  },
};
