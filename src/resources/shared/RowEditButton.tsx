import EditIcon from '@mui/icons-material/EditOutlined';
import { IconButton, Tooltip } from '@mui/material';
import { useCreatePath, useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

/** The edit page of the row's record, as an icon: list rows have little room. */
export const RowEditButton = () => {
  const record = useRecordContext();
  const resource = useResourceContext();
  const createPath = useCreatePath();
  const translate = useTranslate();
  if (!record || !resource) return null;
  const label = translate('ra.action.edit');
  return (
    <Tooltip title={label}>
      <IconButton
        component={Link}
        to={createPath({ resource, id: record.id, type: 'edit' })}
        aria-label={label}
        size="small"
        color="primary"
        onClick={(event) => event.stopPropagation()}
      >
        <EditIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
};
