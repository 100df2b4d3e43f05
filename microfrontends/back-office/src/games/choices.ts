// The states a vendor or game is in and the lobby's lanes, as the games contract names them.
export const GAME_STATES = ['enabled', 'disabled', 'maintenance'] as const;
export const LANES = ['RNG', 'LIVE', 'SPORTS', 'ESPORTS', 'FISH', 'PVP', 'ELOTT', 'COCKFIGHT'] as const;

export const stateChoices = GAME_STATES.map((id) => ({ id, name: `tessera.games.state.${id}` }));
export const laneChoices = LANES.map((id) => ({ id, name: `tessera.games.lane.${id}` }));
