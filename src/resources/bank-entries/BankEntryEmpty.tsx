import ReceiptIcon from '@mui/icons-material/ReceiptLongOutlined';
import { Card, CardContent } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { Message } from '../../layout/Message';

/** No entries yet, or none matching the filters; entries are added with the forms above, not a create page. */
export const BankEntryEmpty = () => {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const filtered = Object.keys(filterValues ?? {}).length > 0;
  const text = (key: string) => translate(`resources.add-data.empty.${filtered ? `filtered_${key}` : key}`);
  return (
    <Card variant="outlined" sx={{ width: '100%' }}>
      <CardContent>
        <Message icon={<ReceiptIcon />} title={text('title')} text={text('text')} />
      </CardContent>
    </Card>
  );
};
