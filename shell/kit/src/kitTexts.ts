/** The namespace of the kit's own texts: those its fields and its pager show, in the shell and in every remote. */
export const KIT_NS = 'kit';
