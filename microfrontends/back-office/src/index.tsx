// The back office's entry: its routes are real paths (the server answers the page on each), and
// emotion writes MUI's styles with the page's CSP nonce (backoffice.jinja2).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { BrowserRouter } from 'react-router';
import { App } from './App';

const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.content;
const cache = createCache({ key: 'bo', nonce, prepend: true });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <CacheProvider value={cache}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </CacheProvider>
  </StrictMode>,
);
