import React from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import ReactDom from 'react-dom';
import * as reactDomClient from 'react-dom/client';
import {
  keepPreviousData, QueryClient, QueryClientProvider, queryOptions, useInfiniteQuery, useIsFetching, useMutation, useQueries,
  useQuery, useQueryClient,
} from '@tanstack/react-query';
import * as i18next from 'i18next';
import { I18nextProvider, initReactI18next, useTranslation } from 'react-i18next';
import * as kit from '@tessera/kit';
import {
  Outlet, Link, NavLink, Navigate, useLocation, useNavigate,
  useParams, useSearchParams, useMatch, useHref, useInRouterContext, generatePath, matchPath,
} from 'react-router';
import type { init } from '@module-federation/enhanced/runtime';

type Shared = NonNullable<Parameters<typeof init>[0]['shared']>;

/** The part of react-router the remotes may use (shell/federation/shared.js lists the same). */
const router = {
  __esModule: true,
  Outlet, Link, NavLink, Navigate, useLocation, useNavigate,
  useParams, useSearchParams, useMatch, useHref, useInRouterContext, generatePath, matchPath,
};

/** The part of TanStack Query the remotes may use. */
const reactQuery = {
  __esModule: true,
  keepPreviousData, QueryClient, QueryClientProvider, queryOptions, useInfiniteQuery, useIsFetching, useMutation, useQueries,
  useQuery, useQueryClient,
};

/** The part of react-i18next the remotes may use (no Trans: texts are whole strings in the catalogues). */
const reactI18next = { __esModule: true, I18nextProvider, initReactI18next, useTranslation };

/** What each shared request is, in the copy the page already runs. */
const MODULES: Record<string, unknown> = {
  react: React,
  'react/jsx-runtime': jsxRuntime,
  'react-dom': ReactDom,
  'react-dom/client': reactDomClient,
  'react-router': router,
  i18next,
  'react-i18next': reactI18next,
  '@tanstack/react-query': reactQuery,
  '@tessera/kit': kit,
};

/**
 * The shell's singletons for the remotes: the very modules the page runs (one React, one router,
 * one i18next, one query client, one kit), at the versions the build pinned
 * (TESSERA_SHARED_VERSIONS, from shell/federation/shared.js), offered before any remote loads.
 */
export function sharedSingletons(versions: Record<string, string>): Shared {
  const shared: Shared = {};
  for (const [request, module] of Object.entries(MODULES)) {
    const version = versions[request];
    if (!version) continue;
    shared[request] = {
      version,
      scope: 'default',
      lib: () => module as never,
      loaded: true,
      shareConfig: { singleton: true, requiredVersion: version },
    };
  }
  return shared;
}
