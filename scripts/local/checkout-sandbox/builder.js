/* global window, document, fetch, URL, console */
/**
 * The local checkout sandbox's stand-in for FastSpring's Store Builder Library (popup storefront). It is
 * plain browser JavaScript, served as is at /local/checkout/builder.js: the SPA loads it exactly as it
 * loads the real script,
 *
 *   <script id="fsc-api" src="…/builder.js" data-storefront="…" data-data-callback="fn" data-popup-closed="fn">
 *
 * and talks to it through the same `window.fastspring.builder` methods. The catalogue and the prices come
 * from /local/checkout/catalogue beside this script; "Complete order" posts the order to
 * /local/checkout/orders, which answers once the signed webhooks reached the portal, so the licenses exist
 * when the popup closes. Nothing here is deployed.
 */
(function () {
  'use strict';

  if (window.fastspring && window.fastspring.builder) return;

  var script = document.currentScript || document.getElementById('fsc-api');
  var scriptUrl = new URL((script && script.getAttribute('src')) || '/local/checkout/builder.js', document.baseURI);
  var catalogueUrl = new URL('catalogue', scriptUrl).href;
  var ordersUrl = new URL('orders', scriptUrl).href;
  var attribute = function (name) {
    return (script && script.getAttribute(name)) || '';
  };
  var storefront = attribute('data-storefront') || 'sandbox';
  var dataCallbackName = attribute('data-data-callback');
  var popupClosedName = attribute('data-popup-closed');

  var MAX_QUANTITY = 10;

  /** The storefront's products in catalogue order, the currency and the tax rate, once loaded. */
  var catalogue = null;
  /** path → quantity of what is in the cart (only quantities above 0). */
  var cart = {};
  /** The buyer recognize() named, and the order's tags. */
  var contact = null;
  var tags = {};

  var money = function (cents) {
    var currency = (catalogue && catalogue.currency) || 'EUR';
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency }).format(cents / 100);
  };
  var toCents = function (value) {
    return Math.round(Number(value) * 100);
  };

  /** The cart in the provider's session shape (what the data callback receives). */
  function sessionData() {
    var products = (catalogue && catalogue.products) || [];
    var subtotal = 0;
    var items = products.map(function (product) {
      var quantity = cart[product.path] || 0;
      var unit = toCents(product.price);
      var line = unit * quantity;
      subtotal += line;
      return {
        path: product.path,
        display: product.display,
        selected: quantity > 0,
        quantity: quantity,
        price: money(unit),
        priceValue: unit / 100,
        priceTotal: money(line),
        priceTotalValue: line / 100,
        subscription: product.subscription === true,
      };
    });
    var tax = Math.round(subtotal * ((catalogue && catalogue.taxRate) || 0));
    return {
      currency: (catalogue && catalogue.currency) || 'EUR',
      storefront: storefront,
      groups: [{ items: items }],
      subtotal: money(subtotal),
      subtotalValue: subtotal / 100,
      tax: money(tax),
      taxValue: tax / 100,
      total: money(subtotal + tax),
      totalValue: (subtotal + tax) / 100,
    };
  }

  function callback(name, value) {
    var fn = name ? window[name] : undefined;
    if (typeof fn !== 'function') return;
    try {
      fn(value);
    } catch (error) {
      console.error('[checkout sandbox] the ' + name + ' callback failed', error);
    }
  }

  /** After each change: the page's data callback, and the open popup, see the new cart. */
  function changed() {
    callback(dataCallbackName, sessionData());
    if (popup) renderPopup();
  }

  var known = function (path) {
    return (catalogue.products || []).some(function (product) {
      return product.path === path;
    });
  };

  function setQuantity(path, quantity) {
    if (!known(path)) {
      console.warn('[checkout sandbox] unknown product ' + path);
      return;
    }
    var count = Math.max(0, Math.min(MAX_QUANTITY, Math.floor(Number(quantity) || 0)));
    if (count > 0) cart[path] = count;
    else delete cart[path];
  }

  // The catalogue loads once; calls made before it arrived wait for it, in order.
  var ready = fetch(catalogueUrl, { headers: { accept: 'application/json' } })
    .then(function (response) {
      if (!response.ok) throw new Error('HTTP ' + response.status);
      return response.json();
    })
    .then(function (body) {
      catalogue = body;
    })
    .catch(function (error) {
      console.error('[checkout sandbox] cannot load ' + catalogueUrl, error);
      catalogue = { currency: 'EUR', taxRate: 0, products: [] };
    });
  var queue = ready;
  function whenReady(work) {
    queue = queue.then(work).catch(function (error) {
      console.error('[checkout sandbox]', error);
    });
  }

  /* ---------- the popup ---------- */

  var STYLE = [
    '.fscs-backdrop{position:fixed;inset:0;z-index:2147483000;display:flex;align-items:center;justify-content:center;padding:12px;background:rgba(15,23,42,.55);font-family:system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#1f2937;-webkit-font-smoothing:antialiased}',
    '.fscs-dialog{box-sizing:border-box;width:100%;max-width:520px;max-height:calc(100vh - 24px);overflow:auto;background:#fff;border-radius:12px;box-shadow:0 20px 50px rgba(0,0,0,.3);outline:none}',
    '.fscs-head{display:flex;align-items:center;justify-content:space-between;gap:12px;padding:16px 20px;border-bottom:1px solid #e5e7eb;background:#f8fafc;border-radius:12px 12px 0 0}',
    '.fscs-title{margin:0;font-size:18px;font-weight:700;line-height:1.3}',
    '.fscs-badge{flex:none;font-size:11px;font-weight:700;letter-spacing:.06em;text-transform:uppercase;color:#92400e;background:#fef3c7;border:1px solid #fcd34d;border-radius:999px;padding:2px 8px}',
    '.fscs-body{padding:16px 20px;display:flex;flex-direction:column;gap:16px;font-size:14px;line-height:1.45}',
    '.fscs-note{margin:0;color:#6b7280;font-size:13px}',
    '.fscs-lines{width:100%;border-collapse:collapse}',
    '.fscs-lines th{text-align:left;font-size:12px;font-weight:600;color:#6b7280;text-transform:uppercase;letter-spacing:.04em;padding:0 0 6px;border-bottom:1px solid #e5e7eb}',
    '.fscs-lines td{padding:8px 0;border-bottom:1px solid #f1f5f9;vertical-align:top}',
    '.fscs-lines .fscs-num{text-align:right;white-space:nowrap;padding-left:12px}',
    '.fscs-sub{display:block;color:#6b7280;font-size:12px}',
    '.fscs-totals{display:grid;grid-template-columns:1fr auto;row-gap:4px;margin:0}',
    '.fscs-totals dt{color:#4b5563}',
    '.fscs-totals dd{margin:0;padding-left:12px;text-align:right;white-space:nowrap}',
    '.fscs-totals .fscs-total{font-weight:700;font-size:16px;color:#111827;padding-top:6px;border-top:1px solid #e5e7eb}',
    '.fscs-buyer{border:1px solid #e5e7eb;border-radius:8px;padding:10px 12px;background:#f9fafb}',
    '.fscs-buyer h3{margin:0 0 4px;font-size:12px;font-weight:600;color:#6b7280;text-transform:uppercase;letter-spacing:.04em}',
    '.fscs-buyer p{margin:0}',
    '.fscs-field{display:flex;flex-direction:column;gap:2px;margin-top:8px;font-size:13px}',
    '.fscs-field input{font:inherit;font-size:14px;padding:6px 8px;border:1px solid #cbd5e1;border-radius:6px}',
    '.fscs-error{margin:0;padding:8px 12px;border-radius:8px;background:#fef2f2;border:1px solid #fecaca;color:#b91c1c}',
    '.fscs-actions{display:flex;flex-wrap:wrap;justify-content:flex-end;gap:8px;padding:14px 20px;border-top:1px solid #e5e7eb}',
    '.fscs-button{font:inherit;font-size:14px;font-weight:600;border-radius:6px;padding:8px 16px;cursor:pointer;border:1px solid #cbd5e1;background:#fff;color:#1f2937}',
    '.fscs-button:focus-visible{outline:2px solid #2563eb;outline-offset:2px}',
    '.fscs-primary{background:#1971c2;border-color:#1971c2;color:#fff}',
    '.fscs-primary:hover:not(:disabled){background:#1864ab}',
    '.fscs-button:disabled{opacity:.6;cursor:not-allowed}',
  ].join('\n');

  var popup = null;
  var busy = false;
  var failure = '';
  var returnFocus = null;

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function ensureStyle() {
    if (document.getElementById('fscs-style')) return;
    var style = element('style');
    style.id = 'fscs-style';
    style.textContent = STYLE;
    document.head.appendChild(style);
  }

  var intervalText = { year: 'per year', month: 'per month' };

  function linesTable(data) {
    var table = element('table', 'fscs-lines');
    var head = table.appendChild(element('thead')).appendChild(element('tr'));
    head.appendChild(element('th', '', 'Product'));
    head.appendChild(element('th', 'fscs-num', 'Qty'));
    head.appendChild(element('th', 'fscs-num', 'Amount'));
    var body = table.appendChild(element('tbody'));
    data.groups[0].items.forEach(function (item) {
      if (!item.selected) return;
      var product = catalogue.products.find(function (entry) {
        return entry.path === item.path;
      });
      var row = body.appendChild(element('tr'));
      var name = row.appendChild(element('td'));
      name.appendChild(document.createTextNode(item.display));
      var unit = item.price + ' each' + (product && intervalText[product.interval] ? ', ' + intervalText[product.interval] : '');
      name.appendChild(element('span', 'fscs-sub', unit));
      row.appendChild(element('td', 'fscs-num', String(item.quantity)));
      row.appendChild(element('td', 'fscs-num', item.priceTotal));
    });
    return table;
  }

  function totalsList(data) {
    var list = element('dl', 'fscs-totals');
    var rate = Math.round(((catalogue && catalogue.taxRate) || 0) * 1000) / 10;
    [
      ['Subtotal', data.subtotal, ''],
      ['Tax (' + rate + '%)', data.tax, ''],
      ['Total', data.total, 'fscs-total'],
    ].forEach(function (entry) {
      list.appendChild(element('dt', entry[2], entry[0]));
      list.appendChild(element('dd', entry[2], entry[1]));
    });
    return list;
  }

  function buyerBlock() {
    var block = element('section', 'fscs-buyer');
    block.setAttribute('aria-label', 'Buyer');
    block.appendChild(element('h3', '', 'Buyer'));
    if (contact && contact.email) {
      var name = [contact.firstName, contact.lastName].filter(Boolean).join(' ');
      if (name) block.appendChild(element('p', '', name));
      if (contact.company) block.appendChild(element('p', '', contact.company));
      block.appendChild(element('p', '', contact.email));
      return block;
    }
    // Nobody recognized: the sandbox asks, as the provider's form would.
    block.appendChild(element('p', 'fscs-note', 'Who is buying?'));
    [
      ['email', 'Email', 'email'],
      ['firstName', 'First name', 'text'],
      ['lastName', 'Last name', 'text'],
    ].forEach(function (field) {
      var label = element('label', 'fscs-field');
      label.appendChild(document.createTextNode(field[1]));
      var input = element('input');
      input.type = field[2];
      input.name = field[0];
      input.setAttribute('data-fscs-buyer', field[0]);
      label.appendChild(input);
      block.appendChild(label);
    });
    return block;
  }

  function renderPopup() {
    var data = sessionData();
    var empty = !data.groups[0].items.some(function (item) {
      return item.selected;
    });
    var dialog = popup.dialog;
    // Keep what was typed into the buyer fields across a re-render.
    var typed = {};
    dialog.querySelectorAll('[data-fscs-buyer]').forEach(function (input) {
      typed[input.name] = input.value;
    });
    dialog.textContent = '';

    var head = dialog.appendChild(element('header', 'fscs-head'));
    var title = head.appendChild(element('h2', 'fscs-title', 'Sandbox checkout'));
    title.id = 'fscs-title';
    head.appendChild(element('span', 'fscs-badge', 'Test mode'));

    var body = dialog.appendChild(element('div', 'fscs-body'));
    body.appendChild(element('p', 'fscs-note', 'This is the local checkout sandbox: no payment is taken.'));
    if (empty) {
      body.appendChild(element('p', '', 'Your cart is empty.'));
    } else {
      body.appendChild(linesTable(data));
      body.appendChild(totalsList(data));
      body.appendChild(buyerBlock());
    }
    body.querySelectorAll('[data-fscs-buyer]').forEach(function (input) {
      if (typed[input.name]) input.value = typed[input.name];
    });
    if (failure) {
      var error = body.appendChild(element('p', 'fscs-error', failure));
      error.setAttribute('role', 'alert');
    }

    var actions = dialog.appendChild(element('footer', 'fscs-actions'));
    var close = actions.appendChild(element('button', 'fscs-button', 'Close'));
    close.type = 'button';
    close.disabled = busy;
    close.addEventListener('click', function () {
      closePopup(null);
    });
    var complete = actions.appendChild(element('button', 'fscs-button fscs-primary', busy ? 'Completing order…' : 'Complete order'));
    complete.type = 'button';
    complete.disabled = busy || empty;
    complete.addEventListener('click', completeOrder);
  }

  function focusables() {
    return Array.prototype.filter.call(popup.dialog.querySelectorAll('button, input'), function (node) {
      return !node.disabled;
    });
  }

  function onKeyDown(event) {
    if (!popup) return;
    if (event.key === 'Escape' && !busy) {
      event.preventDefault();
      closePopup(null);
    } else if (event.key === 'Tab') {
      // Focus stays inside the dialog while it is open.
      var nodes = focusables();
      if (nodes.length === 0) return;
      var first = nodes[0];
      var last = nodes[nodes.length - 1];
      if (event.shiftKey && (document.activeElement === first || !popup.dialog.contains(document.activeElement))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !popup.dialog.contains(document.activeElement))) {
        event.preventDefault();
        first.focus();
      }
    }
  }

  function openPopup() {
    ensureStyle();
    failure = '';
    busy = false;
    if (!popup) {
      returnFocus = document.activeElement;
      var backdrop = element('div', 'fscs-backdrop');
      var dialog = backdrop.appendChild(element('div', 'fscs-dialog'));
      dialog.setAttribute('role', 'dialog');
      dialog.setAttribute('aria-modal', 'true');
      dialog.setAttribute('aria-labelledby', 'fscs-title');
      dialog.tabIndex = -1;
      popup = { backdrop: backdrop, dialog: dialog, overflow: document.body.style.overflow };
      document.body.appendChild(backdrop);
      document.body.style.overflow = 'hidden';
      document.addEventListener('keydown', onKeyDown, true);
    }
    renderPopup();
    // The dialog itself takes focus (a screen reader reads its name), or the first buyer field to fill.
    var field = popup.dialog.querySelector('[data-fscs-buyer]');
    (field || popup.dialog).focus();
  }

  function closePopup(result) {
    if (!popup) return;
    document.removeEventListener('keydown', onKeyDown, true);
    document.body.style.overflow = popup.overflow;
    popup.backdrop.remove();
    popup = null;
    busy = false;
    failure = '';
    if (returnFocus && typeof returnFocus.focus === 'function' && document.contains(returnFocus)) returnFocus.focus();
    returnFocus = null;
    callback(popupClosedName, result);
  }

  function buyer() {
    if (contact && contact.email) return contact;
    var typed = {};
    popup.dialog.querySelectorAll('[data-fscs-buyer]').forEach(function (input) {
      typed[input.name] = input.value.trim();
    });
    return typed;
  }

  function completeOrder() {
    if (busy || !popup) return;
    var items = Object.keys(cart).map(function (path) {
      return { path: path, quantity: cart[path] };
    });
    busy = true;
    failure = '';
    renderPopup();
    fetch(ordersUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ items: items, contact: buyer(), tags: tags }),
    })
      .then(function (response) {
        return response
          .json()
          .catch(function () {
            return {};
          })
          .then(function (body) {
            if (!response.ok) throw new Error(body.message || 'The order failed (HTTP ' + response.status + ')');
            return body;
          });
      })
      .then(function (order) {
        // Like the provider: the completed order empties the cart, then the popup closes with its id.
        cart = {};
        busy = false;
        callback(dataCallbackName, sessionData());
        closePopup({ id: order.id, reference: order.reference });
      })
      .catch(function (error) {
        busy = false;
        failure = error instanceof Error && error.message !== 'Failed to fetch' ? error.message : 'The order could not be sent, try again';
        if (popup) {
          renderPopup();
          popup.dialog.focus();
        }
      });
  }

  /* ---------- the builder API ---------- */

  var builder = {
    add: function (path) {
      whenReady(function () {
        setQuantity(path, (cart[path] || 0) + 1);
        changed();
      });
    },
    update: function (path, quantity) {
      whenReady(function () {
        setQuantity(path, quantity);
        changed();
      });
    },
    remove: function (path) {
      whenReady(function () {
        delete cart[path];
        changed();
      });
    },
    recognize: function (buyerContact) {
      whenReady(function () {
        if (!buyerContact || !buyerContact.email) {
          console.warn('[checkout sandbox] recognize() needs an email');
          return;
        }
        contact = {
          email: String(buyerContact.email),
          firstName: buyerContact.firstName ? String(buyerContact.firstName) : '',
          lastName: buyerContact.lastName ? String(buyerContact.lastName) : '',
          company: buyerContact.company ? String(buyerContact.company) : undefined,
        };
        changed();
      });
    },
    tag: function (key, value) {
      whenReady(function () {
        if (key && typeof key === 'object') Object.keys(key).forEach(function (name) {
            tags[name] = key[name];
          });
        else if (typeof key === 'string') tags[key] = value;
      });
    },
    reset: function () {
      whenReady(function () {
        cart = {};
        contact = null;
        tags = {};
        changed();
      });
    },
    viewCart: function () {
      whenReady(openPopup);
    },
    checkout: function () {
      whenReady(openPopup);
    },
    /** A session object: { reset, products: [{path, quantity}], contact, tags, checkout }. */
    push: function (session) {
      whenReady(function () {
        if (!session) return;
        if (session.reset) {
          cart = {};
          contact = null;
          tags = {};
        }
        (session.products || []).forEach(function (product) {
          setQuantity(product.path, product.quantity === undefined ? 1 : product.quantity);
        });
        if (session.contact && session.contact.email) contact = session.contact;
        if (session.tags) {
          Object.keys(session.tags).forEach(function (name) {
            tags[name] = session.tags[name];
          });
        }
        changed();
        if (session.checkout) openPopup();
      });
    },
    promo: function () {},
    country: function () {},
  };

  window.fastspring = window.fastspring || {};
  window.fastspring.builder = builder;

  // As the provider does once it has its session: the page learns the (empty) cart and its prices.
  whenReady(changed);
})();
