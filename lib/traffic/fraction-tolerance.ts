/** How far a predicted cached share may sit from the reported one and still agree: 5 points. */
export const FRACTION_TOLERANCE = 0.05;
