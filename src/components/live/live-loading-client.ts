// The browser side of a live placeholder (`.live-loading`): on a static deployment no server
// answers /healthz, so each placeholder's first paragraph says plainly that there is no live API
// instead of loading for ever. Imported by every component that renders a placeholder; the module
// runs once a page.

/** Says "no live API here" in every live placeholder of the page. */
function noLiveApi(): void {
  for (const panel of document.querySelectorAll<HTMLElement>('.live-loading')) {
    panel.setAttribute('aria-busy', 'false');
    const text = panel.querySelector('p');
    const note = panel.dataset.staticNote ? ` ${panel.dataset.staticNote}` : '';
    if (text)
      text.textContent = `${panel.dataset.title ?? 'Live'}: no live API here. This page is served as a static file, without the server.${note}`;
  }
}

fetch('/healthz', { method: 'HEAD', cache: 'no-store' })
  .then((res) => (res.ok ? undefined : noLiveApi()))
  .catch(noLiveApi);
