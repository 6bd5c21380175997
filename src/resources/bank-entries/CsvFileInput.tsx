import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import { Box, Button, FormHelperText, Typography } from '@mui/material';
import { InputHelperText, useInput, useTranslate, type Validator } from 'react-admin';

/** A single CSV file, picked with a plain file input (the value is the File itself). */
export const CsvFileInput = ({ source, validate }: { source: string; validate?: Validator | Validator[] }) => {
  const translate = useTranslate();
  const { field, fieldState, formState } = useInput({ source, validate, defaultValue: null });
  const file = field.value as File | null;
  // Read both before deciding: the form state is a proxy that only reports what was read.
  const { isSubmitted } = formState;
  const { isTouched, error: invalid } = fieldState;
  const error = (isSubmitted || isTouched) && invalid?.message ? invalid.message : '';
  return (
    <Box sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
          {translate('resources.add-data.import.choose')}
          <input
            hidden
            type="file"
            accept=".csv,text/csv"
            aria-label={translate('resources.add-data.fields.file')}
            onChange={(event) => {
              field.onChange(event.target.files?.[0] ?? null);
              field.onBlur();
              event.target.value = '';
            }}
          />
        </Button>
        <Typography variant="body2" color={file ? 'text.primary' : 'text.secondary'}>
          {file ? file.name : translate('resources.add-data.import.none_chosen')}
        </Typography>
      </Box>
      {error && (
        <FormHelperText error>
          <InputHelperText error={error} />
        </FormHelperText>
      )}
    </Box>
  );
};
