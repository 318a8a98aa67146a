-- form_adv_filings.sql spelt for the PostgreSQL lake: the same generator (firms, names, filings with amendments,
-- owners joining, leaving and coming back), the same columns and bound parameters: $1 firms (INTEGER), $2 seed
-- (INTEGER), $3 from, $4 to, $5 through (DATEs). Pseudo-randomness is hashtextextended() where DuckDB's is hash(), so
-- the rows are as deterministic as there but not the same ones.
WITH firms AS (
    SELECT i,
           100000 + i AS crd_number,
           2001 + ((hashtextextended(concat_ws('|', i, $2, 'start'), 0) & 9223372036854775807) % 10)::INT AS start_year,
           CASE WHEN (hashtextextended(concat_ws('|', i, $2, 'rename'), 0) & 9223372036854775807) % 4 = 0
                THEN 2004 + ((hashtextextended(concat_ws('|', i, $2, 'rename_year'), 0) & 9223372036854775807) % 20)::INT
           END AS rename_year,
           2 + ((hashtextextended(concat_ws('|', i, $2, 'owners'), 0) & 9223372036854775807) % 6)::INT AS owner_count,
           (ARRAY['Harbor', 'Summit', 'Granite', 'Beacon', 'Cedar', 'Northstar', 'Meridian', 'Bluewater',
                  'Ironwood', 'Juniper', 'Keystone', 'Lakeside'])
               [1 + ((hashtextextended(concat_ws('|', i, $2, 'w1'), 0) & 9223372036854775807) % 12)::INT] AS w1,
           (ARRAY['Ridge', 'Point', 'Bridge', 'Field', 'Rock', 'Gate', 'Stone', 'Creek', 'Hill', 'Park'])
               [1 + ((hashtextextended(concat_ws('|', i, $2, 'w2'), 0) & 9223372036854775807) % 10)::INT] AS w2,
           (ARRAY['Crest', 'Haven', 'Forge', 'Vale', 'Shore', 'Peak'])
               [1 + ((hashtextextended(concat_ws('|', i, $2, 'w3'), 0) & 9223372036854775807) % 6)::INT] AS w3
    FROM generate_series(1, $1::INT) AS r(i)
),
annual AS (
    SELECT f.*, y, 0 AS amendment_no,
           make_date(y, 1 + ((hashtextextended(concat_ws('|', i, y, $2, 'm'), 0) & 9223372036854775807) % 12)::INT,
                     1 + ((hashtextextended(concat_ws('|', i, y, $2, 'd'), 0) & 9223372036854775807) % 28)::INT)
               AS filing_date
    -- the years whose filings (annual ones, or amendments filed up to 80 days later) can fall in the window
    FROM firms f
    JOIN generate_series(greatest(2001, extract(YEAR FROM $3::DATE)::INT - 1), extract(YEAR FROM $4::DATE)::INT) AS t(y)
      ON y >= f.start_year
),
filings AS (
    SELECT * FROM (
        SELECT * FROM annual
        UNION ALL
        SELECT i, crd_number, start_year, rename_year, owner_count, w1, w2, w3, y, 1 AS amendment_no,
               filing_date + (20 + (hashtextextended(concat_ws('|', i, y, $2, 'gap'), 0) & 9223372036854775807) % 60)::INT
                   AS filing_date
        FROM annual WHERE (hashtextextended(concat_ws('|', i, y, $2, 'amend'), 0) & 9223372036854775807) % 5 = 0
    ) a WHERE filing_date >= $3::DATE AND filing_date < $4::DATE
),
owners AS (
    SELECT f.i, j,
           f.start_year + CASE WHEN j = 1 THEN 0
                               ELSE ((hashtextextended(concat_ws('|', f.i, j, $2, 'join'), 0) & 9223372036854775807)
                                     % 8)::INT END AS join_year,
           CASE WHEN j > 1 AND (hashtextextended(concat_ws('|', f.i, j, $2, 'leave'), 0) & 9223372036854775807) % 3 = 0
                THEN f.start_year + 3
                     + ((hashtextextended(concat_ws('|', f.i, j, $2, 'stay'), 0) & 9223372036854775807) % 10)::INT
           END AS leave_year,
           (hashtextextended(concat_ws('|', f.i, j, $2, 'back'), 0) & 9223372036854775807) % 2 = 0 AS comes_back,
           (ARRAY['Maria', 'James', 'Wei', 'Fatima', 'Olga', 'Carlos', 'Priya', 'John', 'Aiko', 'Samuel'])
               [1 + ((hashtextextended(concat_ws('|', f.i, j, $2, 'first'), 0) & 9223372036854775807) % 10)::INT]
           || ' ' ||
           (ARRAY['Garcia', 'Smith', 'Chen', 'Khan', 'Ivanova', 'Silva', 'Patel', 'Brown', 'Tanaka', 'Okafor'])
               [1 + ((hashtextextended(concat_ws('|', f.i, j, $2, 'last'), 0) & 9223372036854775807) % 10)::INT]
               AS owner_name,
           (ARRAY['Chief Executive Officer', 'Chief Compliance Officer', 'Managing Member', 'Director',
                  'General Partner', 'Trustee'])
               [1 + ((hashtextextended(concat_ws('|', f.i, j, $2, 'role'), 0) & 9223372036854775807) % 6)::INT]
               AS owner_role
    FROM firms f JOIN generate_series(1, 7) AS o(j) ON j <= f.owner_count
)
SELECT 'F' || fl.crd_number || '-' || to_char(fl.filing_date, 'YYYYMMDD') || '-' || fl.amendment_no AS filing_id,
       fl.crd_number,
       fl.filing_date,
       fl.filing_date + ((hashtextextended(concat_ws('|', fl.i, fl.y, fl.amendment_no, $2, 'pub'), 0)
                          & 9223372036854775807) % 10)::INT AS published_date,
       fl.amendment_no,
       CASE WHEN fl.y >= fl.rename_year THEN fl.w1 || ' ' || fl.w3 || ' Advisors LP'
            ELSE fl.w1 || ' ' || fl.w2 || ' Capital Management LLC' END AS legal_name,
       CASE WHEN fl.y >= fl.rename_year THEN fl.w1 || ' ' || fl.w3 ELSE fl.w1 || ' ' || fl.w2 END AS business_name,
       'O' || fl.crd_number || '-' || o.j AS owner_key,
       o.owner_name,
       o.owner_role,
       (ARRAY['NA', 'A', 'B', 'C', 'D', 'E'])
           [1 + ((hashtextextended(concat_ws('|', fl.i, o.j, fl.y / 5, $2, 'code'), 0) & 9223372036854775807) % 6)::INT]
           AS ownership_code
FROM filings fl
JOIN owners o ON o.i = fl.i
WHERE fl.y >= o.join_year
  AND (o.leave_year IS NULL OR fl.y < o.leave_year OR (o.comes_back AND fl.y >= o.leave_year + 2))
  AND fl.filing_date + ((hashtextextended(concat_ws('|', fl.i, fl.y, fl.amendment_no, $2, 'pub'), 0)
                         & 9223372036854775807) % 10)::INT <= $5::DATE
ORDER BY fl.crd_number, fl.filing_date, o.j
