import { moneyProperty } from '../support/money-property';
import { runsFor } from '../support/depth';

/**
 * The ledger under every money event (tests/support/money-property.ts): 13 of the deep stage's 25
 * runs of 400 operations (the other 12 in money-property-2.test.ts, beside it), 2 in the first stage.
 */
moneyProperty(runsFor(13, 2));
