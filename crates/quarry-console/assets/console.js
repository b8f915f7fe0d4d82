// Quarry console: small enhancements over the server-rendered pages. Every
// page works without this file except the playground; there is no inline
// script anywhere (the Content-Security-Policy forbids it).
'use strict';

document.documentElement.classList.add('js');

// A polite live region for short announcements ("Copied").
function announce(text) {
  let region = document.getElementById('live-region');
  if (!region) {
    region = document.createElement('div');
    region.id = 'live-region';
    region.className = 'visually-hidden';
    region.setAttribute('role', 'status');
    region.setAttribute('aria-live', 'polite');
    document.body.appendChild(region);
  }
  region.textContent = '';
  window.setTimeout(() => { region.textContent = text; }, 50);
}

function flashLabel(button, text) {
  const original = button.dataset.label || button.textContent;
  button.dataset.label = original;
  button.textContent = text;
  button.classList.add('flashed');
  window.clearTimeout(button._flashTimer);
  button._flashTimer = window.setTimeout(() => {
    button.textContent = original;
    button.classList.remove('flashed');
  }, 1600);
}

async function copyText(text) {
  if (navigator.clipboard && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch (_) {
      // Fall through to the selection-based copy.
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.className = 'offscreen';
  document.body.appendChild(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand('copy');
  } catch (_) {
    ok = false;
  }
  area.remove();
  return ok;
}

document.addEventListener('click', (event) => {
  const reveal = event.target.closest('[data-reveal]');
  if (reveal) {
    const input = document.getElementById(reveal.dataset.reveal);
    if (!input) return;
    const show = input.type === 'password';
    input.type = show ? 'text' : 'password';
    reveal.setAttribute('aria-pressed', String(show));
    reveal.textContent = show ? 'Hide' : 'Reveal';
    if (show) input.select();
    return;
  }
  const close = event.target.closest('[data-close-details]');
  if (close) {
    const details = close.closest('details');
    if (details) {
      details.open = false;
      details.querySelector('summary').focus();
    }
    return;
  }
  const copy = event.target.closest('[data-copy], [data-copy-text]');
  if (copy) {
    const el = document.getElementById(copy.dataset.copy || copy.dataset.copyText);
    if (!el) return;
    const text = el.tagName === 'INPUT' ? el.value : (el.dataset.raw || el.textContent);
    copyText(text).then((ok) => {
      flashLabel(copy, ok ? 'Copied' : 'Copy failed');
      announce(ok ? 'Copied to the clipboard.' : 'Copying failed; select the text and copy it by hand.');
      if (!ok && el.tagName === 'INPUT') {
        el.type = 'text';
        el.select();
      }
    });
  }
});

// Times in the reader's own time zone (the page has them in UTC).
for (const t of document.querySelectorAll('time[datetime]')) {
  const d = new Date(t.getAttribute('datetime'));
  if (!Number.isNaN(d.getTime())) {
    t.title = t.textContent;
    t.textContent = d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  }
}

// This service's own address in examples.
for (const el of document.querySelectorAll('[data-origin]')) {
  el.textContent = window.location.origin;
}

// Dataset upload: starts when a file is chosen, shows the upload's progress,
// then a busy indicator while the server imports.
const uploadForm = document.querySelector('form[data-upload]');
if (uploadForm) {
  const fileInput = uploadForm.querySelector('input[type=file]');
  const box = document.getElementById('upload-progress');
  const bar = document.getElementById('upload-bar');
  const status = document.getElementById('upload-status');
  const errorBox = document.getElementById('upload-error');

  const showError = (message) => {
    errorBox.textContent = message;
    errorBox.hidden = false;
    box.hidden = true;
  };
  const setBusy = (busy) => {
    uploadForm.setAttribute('aria-busy', String(busy));
    for (const el of uploadForm.elements) {
      if (el.type !== 'hidden') el.disabled = busy;
    }
  };

  const upload = () => {
    if (!fileInput.files.length) {
      fileInput.focus();
      return;
    }
    const name = fileInput.files[0].name;
    const data = new FormData(uploadForm);
    errorBox.hidden = true;
    box.hidden = false;
    bar.value = 0;
    status.textContent = `Uploading ${name}…`;
    setBusy(true);

    const xhr = new XMLHttpRequest();
    xhr.open('POST', uploadForm.action);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.addEventListener('progress', (e) => {
      if (e.lengthComputable) {
        const pct = Math.floor((e.loaded / e.total) * 100);
        bar.value = pct;
        status.textContent = `Uploading ${name}: ${pct}%`;
      }
    });
    xhr.upload.addEventListener('load', () => {
      bar.removeAttribute('value'); // indeterminate: the import is running
      status.textContent = `Importing ${name}: reading the rows, inferring column types, building the search index…`;
    });
    xhr.addEventListener('load', () => {
      let body = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch (_) {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body && body.redirect) {
        status.textContent = `Imported ${Number(body.rows).toLocaleString()} rows.`;
        window.location.assign(body.redirect);
        return;
      }
      setBusy(false);
      fileInput.value = '';
      if (xhr.responseURL && xhr.responseURL.includes('/console/sign-in')) {
        showError('Your session has ended. Reload the page and sign in again.');
      } else if (body && body.error) {
        showError(body.error);
      } else if (xhr.status === 403) {
        showError('This form has expired. Reload the page and try again.');
      } else {
        showError(`The upload failed (HTTP ${xhr.status}).`);
      }
    });
    xhr.addEventListener('error', () => {
      setBusy(false);
      fileInput.value = '';
      showError('The upload failed: the connection to the server was lost.');
    });
    xhr.send(data);
  };

  fileInput.addEventListener('change', upload);
  uploadForm.addEventListener('submit', (e) => {
    e.preventDefault();
    upload();
  });
}
