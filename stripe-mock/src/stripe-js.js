/*
 * A stand-in Stripe.js, served by Vitrine's local Stripe (stripe-mock) at `/v3/`. Not Stripe's
 * code: the part of Stripe.js's API the web client uses, with the same shapes, talking to the
 * local Stripe that served it, so the browser runs the code it runs with real keys.
 *
 *   Stripe(pk)                          -> stripe
 *   stripe.elements({clientSecret, locale, appearance} | {mode, amount, currency})
 *   elements.create('payment', {defaultValues: {billingDetails: {name, address: {country}}}})
 *   elements.create('cardCvc')          the CVC asked again for a saved card
 *   element.mount(host) / unmount() / destroy() / on('change' | 'ready', fn) / update()
 *   elements.submit()
 *   stripe.confirmSetup({elements, clientSecret?, confirmParams, redirect: 'if_required'})
 *   stripe.confirmPayment({elements, clientSecret?, confirmParams, redirect: 'if_required'})
 *   stripe.confirmCardPayment(clientSecret, {payment_method?, payment_method_options?})
 *   stripe.handleNextAction({clientSecret}), stripe.retrievePaymentIntent(clientSecret)
 *
 * The elements are plain labelled fields in the page (Stripe's are iframes). A payment that
 * answers `requires_action` (`use_stripe_sdk`: the 3-D Secure test cards 4000 0000 0000 3220 and
 * 4000 0027 6000 3184) opens a challenge like Stripe's test page, "Complete" or "Fail"; the answer
 * goes to the local Stripe (`x_authenticate`) and the promise resolves as Stripe.js's does:
 * `{paymentIntent}` or `{error}` (`payment_intent_authentication_failure` when failed).
 */
(function () {
  'use strict';
  var script = document.currentScript;
  // The API is where this script was served from, less its `v3/`: the local Stripe's root,
  // or the prefix a deployment's proxy serves it under (`/sandbox/stripe/`).
  var src = script && script.src ? script.src : new URL('/v3/', window.location.href).href;
  var API = new URL(src.replace(/v3\/?([?#].*)?$/, ''), window.location.href).href;

  var TEXT = {
    en: {
      number: 'Card number',
      expiry: 'Expiration date',
      cvc: 'Security code',
      cvcOnly: 'CVC',
      country: 'Country',
      incompleteNumber: 'Your card number is incomplete.',
      invalidNumber: 'Your card number is invalid.',
      incompleteExpiry: "Your card's expiration date is incomplete.",
      pastExpiry: "Your card's expiration year is in the past.",
      incompleteCvc: "Your card's security code is incomplete.",
      challengeTitle: '3D Secure 2 Test Page',
      challengeBody: 'A test authentication of {amount}: no bank is asked. Complete it, or fail it to see the payment refused.',
      complete: 'Complete',
      fail: 'Fail',
    },
    es: {
      number: 'Número de tarjeta',
      expiry: 'Fecha de caducidad',
      cvc: 'Código de seguridad',
      cvcOnly: 'CVC',
      country: 'País',
      incompleteNumber: 'El número de tu tarjeta está incompleto.',
      invalidNumber: 'El número de tu tarjeta no es válido.',
      incompleteExpiry: 'La fecha de caducidad de tu tarjeta está incompleta.',
      pastExpiry: 'El año de caducidad de tu tarjeta ya pasó.',
      incompleteCvc: 'El código de seguridad de tu tarjeta está incompleto.',
      challengeTitle: 'Página de prueba de 3D Secure 2',
      challengeBody: 'Una autenticación de prueba de {amount}: no se consulta a ningún banco. Complétala, o haz que falle para ver el pago rechazado.',
      complete: 'Completar',
      fail: 'Fallar',
    },
  };
  var COUNTRIES = ['AR', 'AU', 'BR', 'CA', 'CL', 'CO', 'DE', 'ES', 'FR', 'GB', 'IE', 'IN', 'IT', 'JP', 'MX', 'NL', 'PE', 'PT', 'SE', 'US'];

  function text(locale) {
    var lang = String(locale || navigator.language || 'en').slice(0, 2).toLowerCase();
    return TEXT[lang] ? { lang: lang, t: TEXT[lang] } : { lang: 'en', t: TEXT.en };
  }

  function digits(value) {
    return String(value || '').replace(/\D/g, '');
  }

  function luhn(number) {
    var sum = 0;
    for (var i = 0; i < number.length; i += 1) {
      var d = Number(number[number.length - 1 - i]);
      if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
      sum += d;
    }
    return number.length >= 13 && sum % 10 === 0;
  }

  /** `{a: {b: 1}}` as `a[b]=1`, skipping null and undefined. */
  function encode(params) {
    var parts = [];
    (function walk(value, prefix) {
      if (value === null || value === undefined) return;
      if (typeof value === 'object') {
        Object.keys(value).forEach(function (key) {
          walk(value[key], prefix ? prefix + '[' + key + ']' : key);
        });
      } else parts.push(encodeURIComponent(prefix) + '=' + encodeURIComponent(String(value)));
    })(params, '');
    return parts.join('&');
  }

  function idOf(clientSecret) {
    return String(clientSecret).split('_secret_')[0];
  }

  function integrationError(message) {
    return Promise.reject(Object.assign(new Error(message), { name: 'IntegrationError' }));
  }

  function css(node, style) {
    Object.keys(style).forEach(function (key) {
      node.style[key] = style[key];
    });
    return node;
  }

  function el(tag, style, attrs) {
    var node = css(document.createElement(tag), style || {});
    Object.keys(attrs || {}).forEach(function (key) {
      node.setAttribute(key, attrs[key]);
    });
    return node;
  }

  var FIELD = { display: 'block', width: '100%', boxSizing: 'border-box', border: '1px solid #cbd5e1', borderRadius: '6px', padding: '8px 10px', fontSize: '14px', marginTop: '4px', background: '#fff', color: '#0f172a' };
  var LABEL = { display: 'block', fontSize: '13px', color: '#334155', fontWeight: '500' };

  var fieldCount = 0;

  /** A labelled control (`tag`: input or select) in a box of its own: `{label: box, input}`. */
  function field(labelText, attrs, tag) {
    fieldCount += 1;
    var id = 'stripe-standin-field-' + fieldCount;
    var box = el('div', {});
    var label = el('label', LABEL, { for: id });
    label.textContent = labelText;
    var input = el(tag || 'input', FIELD, Object.assign(tag ? { id: id } : { id: id, type: 'text' }, attrs));
    box.appendChild(label);
    box.appendChild(input);
    return { label: box, input: input };
  }

  /** What every element does: handlers, mount, unmount, destroy. */
  function Element(type, group) {
    this._type = type;
    this._group = group;
    this._handlers = {};
    this._node = null;
  }
  Element.prototype.on = function (event, handler) {
    (this._handlers[event] = this._handlers[event] || []).push(handler);
    return this;
  };
  Element.prototype.off = function (event, handler) {
    this._handlers[event] = (this._handlers[event] || []).filter(function (h) {
      return handler !== undefined && h !== handler;
    });
    return this;
  };
  Element.prototype._emit = function (event, payload) {
    (this._handlers[event] || []).slice().forEach(function (handler) {
      handler(payload);
    });
  };
  Element.prototype.mount = function (target) {
    var host = typeof target === 'string' ? document.querySelector(target) : target;
    if (!host) throw Object.assign(new Error('The selector you specified (' + target + ') applies to no DOM elements.'), { name: 'IntegrationError' });
    if (this._node === null) this._node = this._build();
    host.appendChild(this._node);
    var self = this;
    setTimeout(function () {
      self._emit('ready', { elementType: self._type });
    }, 0);
  };
  Element.prototype.unmount = function () {
    if (this._node && this._node.parentNode) this._node.parentNode.removeChild(this._node);
  };
  Element.prototype.destroy = function () {
    this.unmount();
    this._node = null;
    delete this._group._elements[this._type];
  };
  Element.prototype.update = function () {};
  Element.prototype.focus = function () {
    var input = this._node && this._node.querySelector('input');
    if (input) input.focus();
  };
  Element.prototype.blur = function () {};
  Element.prototype.clear = function () {
    if (this._node) this._node.querySelectorAll('input').forEach(function (input) {
      input.value = '';
    });
  };

  /** The Payment Element (cards only): number, expiry, security code, country. */
  function PaymentElement(group, options) {
    Element.call(this, 'payment', group);
    var defaults = (options && options.defaultValues && options.defaultValues.billingDetails) || {};
    this._country = String((defaults.address && defaults.address.country) || 'US').toUpperCase();
    this._touched = {};
  }
  PaymentElement.prototype = Object.create(Element.prototype);
  PaymentElement.prototype._build = function () {
    var locale = text(this._group._options.locale);
    var t = locale.t;
    var self = this;
    var root = el('div', { display: 'grid', gap: '10px' }, { 'data-stripe-standin': 'payment' });
    var number = field(t.number, { autocomplete: 'cc-number', inputmode: 'numeric', placeholder: '1234 1234 1234 1234' });
    var row = el('div', { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '10px' });
    var expiry = field(t.expiry, { autocomplete: 'cc-exp', inputmode: 'numeric', placeholder: 'MM / YY' });
    var cvc = field(t.cvc, { autocomplete: 'cc-csc', inputmode: 'numeric', placeholder: 'CVC', maxlength: '4' });
    row.appendChild(expiry.label);
    row.appendChild(cvc.label);
    var country = field(t.country, { autocomplete: 'country' }, 'select');
    var select = country.input;
    var names = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames([locale.lang], { type: 'region' }) : null;
    var codes = COUNTRIES.indexOf(this._country) >= 0 ? COUNTRIES : COUNTRIES.concat([this._country]);
    codes
      .map(function (code) {
        return { code: code, name: names ? names.of(code) : code };
      })
      .sort(function (a, b) {
        return a.name.localeCompare(b.name, locale.lang);
      })
      .forEach(function (country) {
        var option = el('option', {}, { value: country.code });
        option.textContent = country.name;
        select.appendChild(option);
      });
    select.value = this._country;
    var error = el('p', { color: '#b91c1c', fontSize: '13px', margin: '0', minHeight: '0' }, { role: 'alert' });
    root.appendChild(number.label);
    root.appendChild(row);
    root.appendChild(country.label);
    root.appendChild(error);
    this._inputs = { number: number.input, expiry: expiry.input, cvc: cvc.input, country: select };
    this._error = error;
    var changed = function () {
      self._emit('change', self._state());
    };
    ['number', 'expiry', 'cvc'].forEach(function (name) {
      self._inputs[name].addEventListener('input', changed);
      self._inputs[name].addEventListener('blur', function () {
        self._touched[name] = true;
        self._showError();
        changed();
      });
    });
    select.addEventListener('change', changed);
    return root;
  };
  PaymentElement.prototype._values = function () {
    var exp = digits(this._inputs.expiry.value);
    return {
      number: digits(this._inputs.number.value),
      month: exp.length >= 2 ? Number(exp.slice(0, 2)) : null,
      year: exp.length === 4 ? 2000 + Number(exp.slice(2)) : exp.length === 6 ? Number(exp.slice(2)) : null,
      cvc: digits(this._inputs.cvc.value),
      country: this._inputs.country.value,
    };
  };
  /** The first problem of each field, in order; null when complete. */
  PaymentElement.prototype._problems = function () {
    var t = text(this._group._options.locale).t;
    var v = this._values();
    var now = new Date();
    var problems = {};
    if (v.number.length < 13) problems.number = t.incompleteNumber;
    else if (!luhn(v.number)) problems.number = t.invalidNumber;
    if (v.month === null || v.year === null || v.month < 1 || v.month > 12) problems.expiry = t.incompleteExpiry;
    else if (v.year < now.getFullYear() || (v.year === now.getFullYear() && v.month < now.getMonth() + 1)) problems.expiry = t.pastExpiry;
    if (v.cvc.length < 3) problems.cvc = t.incompleteCvc;
    return problems;
  };
  PaymentElement.prototype._showError = function (all) {
    var problems = this._problems();
    var touched = this._touched;
    var shown = ['number', 'expiry', 'cvc'].filter(function (name) {
      return problems[name] && (all || touched[name]);
    });
    this._error.textContent = shown.length > 0 ? problems[shown[0]] : '';
    return shown.length > 0 ? problems[shown[0]] : null;
  };
  PaymentElement.prototype._state = function () {
    var v = this._values();
    var problems = this._problems();
    var first = ['number', 'expiry', 'cvc'].filter(
      function (name) {
        return problems[name] && this._touched[name];
      }.bind(this),
    )[0];
    return {
      elementType: 'payment',
      complete: Object.keys(problems).length === 0,
      empty: v.number === '' && v.cvc === '' && digits(this._inputs.expiry.value) === '',
      collapsed: false,
      value: { type: 'card' },
      error: first ? { type: 'validation_error', message: problems[first] } : undefined,
    };
  };

  /** The CVC of a saved card, asked again. */
  function CvcElement(group) {
    Element.call(this, 'cardCvc', group);
  }
  CvcElement.prototype = Object.create(Element.prototype);
  CvcElement.prototype._build = function () {
    var t = text(this._group._options.locale).t;
    var self = this;
    var cvc = field(t.cvcOnly, { autocomplete: 'cc-csc', inputmode: 'numeric', placeholder: 'CVC', maxlength: '4' });
    cvc.label.setAttribute('data-stripe-standin', 'cardCvc');
    this._input = cvc.input;
    cvc.input.addEventListener('input', function () {
      var value = digits(cvc.input.value);
      self._emit('change', { elementType: 'cardCvc', complete: value.length >= 3, empty: value === '' });
    });
    return cvc.label;
  };
  CvcElement.prototype._complete = function () {
    return this._input !== undefined && digits(this._input.value).length >= 3;
  };

  function Elements(stripe, options) {
    this._stripe = stripe;
    this._options = options || {};
    this._elements = {};
  }
  Elements.prototype.create = function (type, options) {
    if (this._elements[type]) throw Object.assign(new Error('Can only create one Element of type ' + type + '.'), { name: 'IntegrationError' });
    var element;
    if (type === 'payment') element = new PaymentElement(this, options);
    else if (type === 'cardCvc') element = new CvcElement(this, options);
    else throw Object.assign(new Error('The local Stripe.js has no ' + type + ' element.'), { name: 'IntegrationError' });
    this._elements[type] = element;
    return element;
  };
  Elements.prototype.getElement = function (type) {
    return this._elements[type] || null;
  };
  Elements.prototype.update = function (options) {
    Object.assign(this._options, options || {});
  };
  Elements.prototype.fetchUpdates = function () {
    return Promise.resolve({});
  };
  Elements.prototype.submit = function () {
    var payment = this._elements.payment;
    if (!payment || !payment._node) return Promise.resolve({ error: { type: 'validation_error', message: 'No Payment Element is mounted.' } });
    var message = payment._showError(true);
    payment._emit('change', payment._state());
    return Promise.resolve(message ? { error: { type: 'validation_error', message: message } } : {});
  };

  /** The 3-D Secure challenge, like Stripe's test page: answers 'complete' or 'fail'. */
  function challenge(intent, locale) {
    var l = text(locale);
    var amount = new Intl.NumberFormat(l.lang, { style: 'currency', currency: String(intent.currency || 'usd').toUpperCase() }).format((intent.amount || 0) / 100);
    return new Promise(function (resolve) {
      var overlay = el('div', { position: 'fixed', inset: '0', background: 'rgba(15, 23, 42, 0.55)', display: 'flex', alignItems: 'center', justifyContent: 'center', zIndex: '2147483647', pointerEvents: 'auto' }, { 'data-stripe-standin': 'challenge' });
      var box = el('div', { background: '#fff', borderRadius: '10px', padding: '24px', maxWidth: '360px', width: 'calc(100% - 32px)', boxShadow: '0 10px 30px rgba(0,0,0,0.3)', fontFamily: 'system-ui, sans-serif' }, { role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'stripe-standin-challenge-title' });
      var title = el('h2', { fontSize: '17px', margin: '0 0 8px', color: '#0f172a' }, { id: 'stripe-standin-challenge-title' });
      title.textContent = l.t.challengeTitle;
      var body = el('p', { fontSize: '14px', color: '#334155', margin: '0 0 16px' });
      body.textContent = l.t.challengeBody.replace('{amount}', amount);
      var buttons = el('div', { display: 'flex', gap: '8px', justifyContent: 'flex-end' });
      function button(label, result, primary) {
        var b = el('button', { padding: '8px 16px', borderRadius: '6px', border: primary ? '0' : '1px solid #cbd5e1', background: primary ? '#16a34a' : '#fff', color: primary ? '#fff' : '#0f172a', fontSize: '14px', cursor: 'pointer' }, { type: 'button' });
        b.textContent = label;
        b.addEventListener('click', function () {
          overlay.remove();
          resolve(result);
        });
        return b;
      }
      buttons.appendChild(button(l.t.fail, 'fail', false));
      buttons.appendChild(button(l.t.complete, 'complete', true));
      box.appendChild(title);
      box.appendChild(body);
      box.appendChild(buttons);
      overlay.appendChild(box);
      document.body.appendChild(overlay);
    });
  }

  function Stripe(publishableKey, options) {
    if (!(this instanceof Stripe)) return new Stripe(publishableKey, options);
    if (typeof publishableKey !== 'string' || publishableKey.indexOf('pk_') !== 0) {
      throw Object.assign(new Error('Invalid API Key provided: ' + publishableKey), { name: 'IntegrationError' });
    }
    this._key = publishableKey;
    this._locale = options && options.locale;
  }

  Stripe.prototype._registerWrapper = function () {};
  Stripe.prototype.registerAppInfo = function () {};

  Stripe.prototype._api = function (method, path, params) {
    var query = params ? encode(params) : '';
    var url = API + path + (method === 'GET' && query ? '?' + query : '');
    return fetch(url, {
      method: method,
      headers: { Authorization: 'Bearer ' + this._key, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: method === 'GET' ? undefined : query,
    }).then(function (response) {
      return response.json().then(function (body) {
        return { status: response.status, body: body };
      });
    });
  };

  Stripe.prototype.elements = function (options) {
    var elements = new Elements(this, options);
    if (!elements._options.locale) elements._options.locale = this._locale;
    return elements;
  };

  /** A card payment method from the mounted Payment Element and the confirm's billing details. */
  Stripe.prototype._paymentMethod = function (elements, confirmParams) {
    var payment = elements && elements.getElement('payment');
    if (!payment || !payment._node) return integrationError('confirm needs a mounted Payment Element.');
    var given = (confirmParams && confirmParams.payment_method_data && confirmParams.payment_method_data.billing_details) || {};
    var v = payment._values();
    var address = Object.assign({}, given.address || {});
    if (!address.country) address.country = v.country;
    return this._api('POST', 'v1/payment_methods', {
      type: 'card',
      card: { number: v.number, exp_month: v.month, exp_year: v.year, cvc: v.cvc },
      billing_details: { name: given.name, email: given.email, phone: given.phone, address: address },
    });
  };

  function failure(answer) {
    var error = (answer.body && answer.body.error) || { type: 'api_error', message: 'The local Stripe did not answer.' };
    return { error: error };
  }

  function redirectIfAsked(options, kind, object, secret) {
    if (options.redirect === 'if_required') return false;
    var returnUrl = options.confirmParams && options.confirmParams.return_url;
    if (!returnUrl) return false;
    var url = new URL(returnUrl, window.location.href);
    url.searchParams.set(kind, object.id);
    url.searchParams.set(kind + '_client_secret', secret);
    url.searchParams.set('redirect_status', object.status === 'succeeded' ? 'succeeded' : 'failed');
    window.location.assign(url.href);
    return true;
  }

  /** An intent's answer: a challenge first when it `requires_action`. */
  Stripe.prototype._settle = function (answer, clientSecret, handleActions) {
    var self = this;
    if (answer.status >= 400) return Promise.resolve(failure(answer));
    var intent = answer.body;
    if (intent.status !== 'requires_action' || handleActions === false) return Promise.resolve({ paymentIntent: intent });
    return challenge(intent, this._locale)
      .then(function (result) {
        return self._api('POST', 'v1/payment_intents/' + intent.id + '/x_authenticate', { client_secret: clientSecret, result: result });
      })
      .then(function (authenticated) {
        if (authenticated.status >= 400) return failure(authenticated);
        var after = authenticated.body;
        if (after.status === 'succeeded' || after.status === 'processing') return { paymentIntent: after };
        return { error: Object.assign({}, after.last_payment_error, { payment_intent: after }) };
      });
  };

  Stripe.prototype.confirmSetup = function (options) {
    var self = this;
    options = options || {};
    var secret = options.clientSecret || (options.elements && options.elements._options.clientSecret);
    if (!secret) return integrationError('confirmSetup needs a clientSecret.');
    return this._paymentMethod(options.elements, options.confirmParams).then(function (created) {
      if (created.status >= 400) return failure(created);
      return self
        ._api('POST', 'v1/setup_intents/' + idOf(secret) + '/confirm', { client_secret: secret, payment_method: created.body.id })
        .then(function (confirmed) {
          if (confirmed.status >= 400) return failure(confirmed);
          if (redirectIfAsked(options, 'setup_intent', confirmed.body, secret)) return new Promise(function () {});
          return { setupIntent: confirmed.body };
        });
    });
  };

  Stripe.prototype.confirmPayment = function (options) {
    var self = this;
    options = options || {};
    var secret = options.clientSecret || (options.elements && options.elements._options.clientSecret);
    if (!secret) return integrationError('confirmPayment needs a clientSecret.');
    return this._paymentMethod(options.elements, options.confirmParams).then(function (created) {
      if (created.status >= 400) return failure(created);
      return self
        ._api('POST', 'v1/payment_intents/' + idOf(secret) + '/confirm', { client_secret: secret, payment_method: created.body.id })
        .then(function (answer) {
          return self._settle(answer, secret, true);
        })
        .then(function (result) {
          if (result.paymentIntent && redirectIfAsked(options, 'payment_intent', result.paymentIntent, secret)) return new Promise(function () {});
          return result;
        });
    });
  };

  Stripe.prototype.confirmCardPayment = function (clientSecret, data, options) {
    var self = this;
    data = data || {};
    var cvc = data.payment_method_options && data.payment_method_options.card && data.payment_method_options.card.cvc;
    if (cvc && !cvc._complete()) {
      return Promise.resolve({ error: { type: 'validation_error', code: 'incomplete_cvc', message: text(this._locale).t.incompleteCvc } });
    }
    var pm = typeof data.payment_method === 'string' ? data.payment_method : undefined;
    return this._api('POST', 'v1/payment_intents/' + idOf(clientSecret) + '/confirm', { client_secret: clientSecret, payment_method: pm }).then(function (answer) {
      return self._settle(answer, clientSecret, !(options && options.handleActions === false));
    });
  };

  Stripe.prototype.retrievePaymentIntent = function (clientSecret) {
    return this._api('GET', 'v1/payment_intents/' + idOf(clientSecret), { client_secret: clientSecret }).then(function (answer) {
      return answer.status >= 400 ? failure(answer) : { paymentIntent: answer.body };
    });
  };

  Stripe.prototype.handleNextAction = function (options) {
    var self = this;
    var secret = options && options.clientSecret;
    if (!secret) return integrationError('handleNextAction needs a clientSecret.');
    return this._api('GET', 'v1/payment_intents/' + idOf(secret), { client_secret: secret }).then(function (answer) {
      return self._settle(answer, secret, true);
    });
  };
  Stripe.prototype.handleCardAction = function (clientSecret) {
    return this.handleNextAction({ clientSecret: clientSecret });
  };

  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
