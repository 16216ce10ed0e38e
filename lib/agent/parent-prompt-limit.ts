/** The longest prompt the parent agent takes in one turn: a turn's body stays a few tens of KB. */
export const PARENT_PROMPT_MAX_CHARS = 20_000;
