import { moneyProperty } from '../support/money-property';
import { runsFor } from '../support/depth';

/** The other 12 of the deep stage's 25 runs of the money property (money-property.test.ts), 2 in the first stage. */
moneyProperty('money-property-2', runsFor(12, 2));
