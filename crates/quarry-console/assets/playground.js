// Quarry console playground: calls the public POST /v1/query with the chosen
// API token in the `apikey` header, exactly as any client would, and reads
// the Server-Sent Events stream with a ReadableStream reader as it arrives:
// thoughts as chips, the SQL highlighted, the results as a table.
'use strict';

(() => {
  const form = document.getElementById('playground-form');
  if (!form) return;

  const $ = (id) => document.getElementById(id);
  const queryInput = $('pg-query');
  const datasetSelect = $('pg-dataset');
  const tokenSelect = $('pg-token');
  const limitInput = $('pg-limit');
  const smallInput = $('pg-small');
  const runButton = $('pg-run');
  const statusLine = $('pg-status');
  const eventList = $('pg-events');
  const thoughtsCard = $('pg-thoughts-card');
  const thoughtsBox = $('pg-thoughts');
  const metadataBox = $('pg-metadata');
  const sqlCard = $('pg-sql-card');
  const sqlBox = $('pg-sql');
  const resultsCard = $('pg-results-card');
  const resultsBox = $('pg-results');
  const countBox = $('pg-count');

  const el = (tag, className, text) => {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };

  // Show the chosen dataset's columns as a hint.
  const showColumns = () => {
    for (const p of document.querySelectorAll('[data-columns-for]')) {
      p.hidden = p.dataset.columnsFor !== datasetSelect.value;
    }
  };
  datasetSelect.addEventListener('change', showColumns);

  // ----- SQL highlighting --------------------------------------------------

  const KEYWORDS = new Set(('SELECT FROM WHERE AND OR NOT IN IS NULL LIKE GLOB BETWEEN ORDER BY ' +
    'GROUP HAVING LIMIT OFFSET ASC DESC AS ON JOIN CROSS INNER LEFT OUTER MATCH DISTINCT CASE ' +
    'WHEN THEN ELSE END COLLATE NOCASE ESCAPE EXISTS UNION ALL WITH CAST TRUE FALSE').split(' '));
  const FUNCTIONS = new Set('COUNT MIN MAX AVG SUM TOTAL LOWER UPPER BM25 ABS LENGTH SUBSTR DATE DATETIME STRFTIME JULIANDAY COALESCE IFNULL ROUND'.split(' '));
  // Clauses that start a new line when outside parentheses.
  const CLAUSES = new Set(['FROM', 'WHERE', 'ORDER', 'GROUP', 'HAVING', 'LIMIT', 'CROSS', 'JOIN', 'UNION']);
  const TOKEN = /('(?:[^']|'')*'?)|("(?:[^"]|"")*"?)|(\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|([A-Za-z_][A-Za-z0-9_]*)|(\s+)|([\s\S])/g;

  // Renders `sql` into `target` as spans; only whitespace outside literals
  // may become a line break, so the text means the same statement. The
  // exact statement is kept for copying.
  const highlightSql = (sql, target) => {
    target.textContent = '';
    target.dataset.raw = sql;
    let depth = 0;
    let previousWord = '';
    let pendingSpace = null;
    const flushSpace = (breakLine) => {
      if (pendingSpace !== null) {
        target.appendChild(document.createTextNode(breakLine ? '\n' : pendingSpace));
        pendingSpace = null;
      }
    };
    for (const m of sql.matchAll(TOKEN)) {
      const [text, str, ident, num, word, space] = m;
      if (space) {
        pendingSpace = space;
        continue;
      }
      if (word) {
        const upper = word.toUpperCase();
        const isClause = CLAUSES.has(upper) && depth === 0 &&
          !(upper === 'JOIN' && ['CROSS', 'INNER', 'LEFT', 'OUTER'].includes(previousWord));
        flushSpace(isClause);
        if (KEYWORDS.has(upper)) {
          target.appendChild(el('span', 'sql-kw', word));
        } else if (FUNCTIONS.has(upper)) {
          target.appendChild(el('span', 'sql-fn', word));
        } else {
          target.appendChild(document.createTextNode(word));
        }
        previousWord = upper;
        continue;
      }
      flushSpace(false);
      if (str) target.appendChild(el('span', 'sql-str', text));
      else if (ident) target.appendChild(el('span', 'sql-id', text));
      else if (num) target.appendChild(el('span', 'sql-num', text));
      else {
        if (text === '(') depth += 1;
        if (text === ')') depth = Math.max(0, depth - 1);
        target.appendChild(el('span', 'sql-punct', text));
      }
      previousWord = '';
    }
    flushSpace(false);
  };

  // ----- rendering the events ----------------------------------------------

  let startedAt = 0;

  const logEvent = (type, detail) => {
    const li = el('li', `event event-${type}`);
    li.appendChild(el('span', 'event-type', type));
    li.appendChild(el('span', 'event-time', `+${Math.round(performance.now() - startedAt)} ms`));
    if (detail) li.appendChild(el('span', 'event-detail', detail));
    eventList.appendChild(li);
  };

  const chipGroup = (label, values, kind) => {
    if (!values || !values.length) return;
    const group = el('div', 'chip-group');
    group.appendChild(el('span', 'chip-label', label));
    for (const v of values) group.appendChild(el('span', `chip chip-${kind}`, v));
    thoughtsBox.appendChild(group);
  };

  const showThoughts = (data) => {
    thoughtsBox.textContent = '';
    chipGroup('Filters', data.filters, 'filter');
    chipGroup('Traits', data.traits, 'trait');
    chipGroup('Key phrases', data.key_phrases, 'phrase');
    if (!thoughtsBox.childElementCount) {
      thoughtsBox.appendChild(el('p', 'muted', 'No conditions, traits or key phrases were found in this phrase.'));
    }
    metadataBox.textContent = data.metadata || '';
    thoughtsCard.hidden = false;
  };

  const looksNumeric = (v) => /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(v);

  const showResults = (items) => {
    resultsBox.textContent = '';
    countBox.textContent = String(items.length);
    resultsCard.hidden = false;
    if (!items.length) {
      resultsBox.appendChild(el('p', 'muted', 'No records match. The thoughts above say which conditions were most restrictive.'));
      return;
    }
    const keys = [];
    for (const item of items) {
      for (const k of Object.keys(item.item || {})) if (!keys.includes(k)) keys.push(k);
    }
    keys.sort();
    const table = el('table', 'results');
    const caption = el('caption', 'visually-hidden', 'Matching records');
    table.appendChild(caption);
    const head = el('thead');
    const headRow = el('tr');
    const idHead = el('th', '', 'id');
    idHead.scope = 'col';
    headRow.appendChild(idHead);
    for (const k of keys) {
      const th = el('th', '', k.replace(/^\d{3}_/, ''));
      th.scope = 'col';
      th.title = k;
      headRow.appendChild(th);
    }
    head.appendChild(headRow);
    table.appendChild(head);
    const body = el('tbody');
    for (const item of items) {
      const tr = el('tr');
      const idCell = el('th', 'num', item.id);
      idCell.scope = 'row';
      tr.appendChild(idCell);
      for (const k of keys) {
        const v = (item.item || {})[k] ?? '';
        tr.appendChild(el('td', looksNumeric(v) ? 'num' : '', v));
      }
      body.appendChild(tr);
    }
    table.appendChild(body);
    resultsBox.appendChild(table);
  };

  const reset = () => {
    eventList.textContent = '';
    thoughtsCard.hidden = true;
    sqlCard.hidden = true;
    resultsCard.hidden = true;
    statusLine.classList.remove('error');
  };

  const fail = (message) => {
    statusLine.textContent = message;
    statusLine.classList.add('error');
  };

  let closed = false;
  let resultCount = 0;

  const handleEvent = (envelope) => {
    const { type, data } = envelope;
    switch (type) {
      case 'thoughts':
        logEvent(type, `${(data.filters || []).length} filters, ${(data.traits || []).length} traits`);
        showThoughts(data);
        statusLine.textContent = 'Understood the phrase; running the SQL…';
        break;
      case 'sql':
        logEvent(type);
        highlightSql(data.sql || '', sqlBox);
        sqlCard.hidden = false;
        break;
      case 'results':
        resultCount = (data.items || []).length;
        logEvent(type, `${resultCount} items`);
        showResults(data.items || []);
        break;
      case 'close':
        closed = true;
        logEvent(type, data.complete ? 'complete' : `incomplete: ${data.error_code || 'error'}`);
        if (data.complete) {
          statusLine.textContent = `Done in ${Math.round(performance.now() - startedAt)} ms: ${resultCount} result${resultCount === 1 ? '' : 's'}.`;
        } else {
          fail(`The stream ended early: ${data.error || 'an error occurred'}${data.retryable ? ' (you can retry)' : ''}.`);
        }
        break;
      default:
        logEvent(String(type));
    }
  };

  // One SSE frame: `data:` lines carry the envelope; comment lines
  // (keep-alives) start with a colon and are ignored.
  const handleFrame = (frame) => {
    const data = frame
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).replace(/^ /, ''))
      .join('\n');
    if (!data) return;
    try {
      handleEvent(JSON.parse(data));
    } catch (e) {
      fail(`Could not read an event: ${e.message}`);
    }
  };

  const run = async () => {
    reset();
    closed = false;
    resultCount = 0;
    const body = {
      query_string: queryInput.value,
      dataset_id: datasetSelect.value,
      limit: Number.parseInt(limitInput.value, 10),
      use_smaller_model: smallInput.checked,
    };
    runButton.disabled = true;
    form.setAttribute('aria-busy', 'true');
    statusLine.textContent = 'Sending the query…';
    startedAt = performance.now();
    try {
      const response = await fetch('/v1/query', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'text/event-stream',
          apikey: tokenSelect.value,
        },
        body: JSON.stringify(body),
        credentials: 'omit',
        cache: 'no-store',
      });
      if (!response.ok) {
        let detail = `HTTP ${response.status}`;
        try {
          const err = await response.json();
          detail = `${err.error} (${err.error_code}, HTTP ${response.status})`;
        } catch (_) {
          // Not JSON: keep the status.
        }
        fail(`The API refused the query: ${detail}`);
        return;
      }
      statusLine.textContent = 'Connected; waiting for events…';
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          handleFrame(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      }
      buffer += decoder.decode();
      if (buffer.trim()) handleFrame(buffer);
      if (!closed) fail('The stream ended without a close event (the connection broke).');
    } catch (e) {
      fail(`The request failed: ${e.message}`);
    } finally {
      runButton.disabled = false;
      form.removeAttribute('aria-busy');
    }
  };

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (!form.reportValidity()) return;
    run();
  });
})();
