// A page of the back office as the app shows it: react-admin's context over the real data provider
// (its fetch faked by the test), the English catalogue, at ``path`` matched by ``route`` (``routes``:
// other pages it may lead to).
import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { AdminContext, ResourceContextProvider, memoryStore } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { dataProvider } from '../src/dataProvider';
import { i18nProvider } from '../src/i18n';

export function renderPage(page: ReactElement, { resource = '', path = '/', route = '*', routes }: { resource?: string; path?: string; route?: string; routes?: ReactNode } = {}) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} store={memoryStore()}>
        <ResourceContextProvider value={resource}>
          <Routes>
            <Route path={route} element={page} />
            {routes}
          </Routes>
        </ResourceContextProvider>
      </AdminContext>
    </MemoryRouter>,
  );
}
