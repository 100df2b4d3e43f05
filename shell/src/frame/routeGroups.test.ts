import { describe, expect, test } from 'vitest';
import { bannerGroup, isHomePath, showsJackpot, showsNoticeBar } from './routeGroups';

describe('route groups', () => {
  test('each route shows the banners of its SPEC group', () => {
    const groups = Object.fromEntries(
      ['/', '/index', '/index.html', '/home', '/login', '/forget', '/help', '/rng', '/cockfight', '/pointMall', '/register', '/register.html', '/agent', '/service', '/promotions', '/agentHome'].map(
        (path) => [path, bannerGroup(path)],
      ),
    );
    expect(groups).toEqual({
      '/': 'home',
      '/index': 'home',
      '/index.html': 'home',
      '/home': 'home',
      '/login': 'home',
      '/forget': 'home',
      '/help': 'home',
      '/rng': 'rng',
      '/cockfight': 'cockfight',
      '/pointMall': 'pointMall',
      '/register': 'w_register',
      '/register.html': 'w_register',
      '/agent': 'agent',
      '/service': 'service',
      '/promotions': null,
      '/agentHome': null,
    });
  });

  test('the notice bar belongs to the home group, the jackpot to /rng, Home to home and its aliases', () => {
    expect(['/', '/help', '/rng'].map(showsNoticeBar)).toEqual([true, true, false]);
    expect(['/', '/rng', '/fish'].map(showsJackpot)).toEqual([false, true, false]);
    expect(['/', '/login', '/help'].map(isHomePath)).toEqual([true, true, false]);
  });
});
