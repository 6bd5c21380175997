import { moneyProperty } from '../support/money-property';
import { runsFor } from '../support/depth';

/**
 * The money property (tests/support/money-property.ts): 13 of the deep stage's 25 runs, 2 in the
 * first stage; money-property-2.test.ts runs the others side by side.
 */
moneyProperty('money-property', runsFor(13, 2));
