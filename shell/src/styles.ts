/** The frame's base styles, injected once (the CSP allows inline styles). */
const FRAME_CSS = `
:root { --bg: #ffffff; --fg: #1b1f24; --muted: #4a5360; --panel: #f3f5f8; --accent: #0b5cad; --accent-fg: #ffffff; }
:root[data-theme='dark'] { --bg: #12151a; --fg: #eef1f5; --muted: #b8c0cc; --panel: #1e232b; --accent: #5aa9ff; --accent-fg: #0b1016; }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); font-family: system-ui, sans-serif; }
button, select { font: inherit; color: inherit; background: var(--panel); border: 1px solid var(--muted); border-radius: 4px; padding: 4px 10px; cursor: pointer; }
a { color: var(--accent); }
.header { display: flex; align-items: center; justify-content: space-between; gap: 12px; padding: 8px 16px; background: var(--panel); min-height: 56px; }
.header__logo { font-weight: 700; font-size: 1.25rem; text-decoration: none; color: var(--fg); }
.header__actions { display: flex; align-items: center; gap: 8px; flex-wrap: wrap; }
.language-picker { display: inline-flex; align-items: center; gap: 4px; }
.main { padding: 16px; min-height: 60vh; }
.system-view { max-width: 560px; margin: 15vh auto; text-align: center; padding: 16px; }
.overlay { position: fixed; inset: 0; background: rgba(0, 0, 0, 0.5); display: flex; align-items: center; justify-content: center; z-index: 10; }
.overlay__panel { background: var(--bg); color: var(--fg); width: min(960px, 96vw); height: min(640px, 90vh); display: flex; flex-direction: column; border-radius: 8px; overflow: hidden; }
.overlay__header { display: flex; justify-content: space-between; align-items: center; padding: 8px 16px; background: var(--panel); }
.overlay__header h2 { margin: 0; font-size: 1.125rem; }
.centre { display: flex; flex: 1; min-height: 0; }
.centre__menu { width: 220px; overflow-y: auto; background: var(--panel); }
.centre__menu ul { list-style: none; margin: 0; padding: 8px; }
.centre__menu button { width: 100%; text-align: left; margin-bottom: 4px; border-color: transparent; }
.centre__menu button.active { background: var(--accent); color: var(--accent-fg); }
.centre__content { flex: 1; padding: 16px; overflow-y: auto; }
.remote-failed, .loading { padding: 16px; }
`;

const style = document.createElement('style');
style.dataset.tessera = 'frame';
style.textContent = FRAME_CSS;
document.head.appendChild(style);
export {};
