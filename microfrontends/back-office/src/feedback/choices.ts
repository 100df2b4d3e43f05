// A feedback's types and statuses, as the feedback contract names them.
export const FEEDBACK_STATUSES = ['open', 'answered', 'closed'] as const;
export const FEEDBACK_TYPES = ['feedback', 'complaint'] as const;

export const statusChoices = FEEDBACK_STATUSES.map((id) => ({ id, name: `tessera.feedback.status.${id}` }));
export const typeChoices = FEEDBACK_TYPES.map((id) => ({ id, name: `tessera.feedback.type.${id}` }));
