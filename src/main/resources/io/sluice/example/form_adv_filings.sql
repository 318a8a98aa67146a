-- Deterministic stand-in for the SEC Form ADV download: investment-adviser firms (CRD numbers), their
-- legal and business names (some renamed), annual filings from 2001 with amendments, and the owners
-- listed on each filing with role and ownership code (owners join late, leave, and some come back).
-- One row per (filing, owner) filed in [from, to) and published up to through. A query, so that a
-- caller can insert it, stage it or create a table from it. Bound parameters (never text put in):
-- $1 firms (INTEGER), $2 seed (INTEGER), $3 from, $4 to, $5 through (DATEs).
-- Pseudo-randomness is hash(): a filing's rows do not depend on the window asked for.
WITH firms AS (
    SELECT i,
           100000 + i AS crd_number,
           2001 + (hash(i, $2, 'start') % 10)::INT AS start_year,
           CASE WHEN hash(i, $2, 'rename') % 4 = 0 THEN 2004 + (hash(i, $2, 'rename_year') % 20)::INT END AS rename_year,
           2 + (hash(i, $2, 'owners') % 6)::INT AS owner_count,
           list_element(['Harbor', 'Summit', 'Granite', 'Beacon', 'Cedar', 'Northstar', 'Meridian', 'Bluewater',
                         'Ironwood', 'Juniper', 'Keystone', 'Lakeside'], 1 + (hash(i, $2, 'w1') % 12)::INT) AS w1,
           list_element(['Ridge', 'Point', 'Bridge', 'Field', 'Rock', 'Gate', 'Stone', 'Creek', 'Hill', 'Park'],
                        1 + (hash(i, $2, 'w2') % 10)::INT) AS w2,
           list_element(['Crest', 'Haven', 'Forge', 'Vale', 'Shore', 'Peak'], 1 + (hash(i, $2, 'w3') % 6)::INT) AS w3
    FROM range(1, $1 + 1) r(i)
),
annual AS (
    SELECT f.*, y::INT AS y, 0 AS amendment_no,
           make_date(y::INT, 1 + (hash(i, y, $2, 'm') % 12)::INT, 1 + (hash(i, y, $2, 'd') % 28)::INT) AS filing_date
    -- the years whose filings (annual ones, or amendments filed up to 80 days later) can fall in the window
    FROM firms f JOIN range(greatest(2001, year($3) - 1), year($4) + 1) t(y) ON y >= f.start_year
),
filings AS (
    SELECT * FROM (
        SELECT * FROM annual
        UNION ALL
        SELECT * REPLACE (1 AS amendment_no, filing_date + (20 + hash(i, y, $2, 'gap') % 60)::INT AS filing_date)
        FROM annual WHERE hash(i, y, $2, 'amend') % 5 = 0
    ) WHERE filing_date >= $3 AND filing_date < $4
),
owners AS (
    SELECT f.i, j::INT AS j,
           f.start_year + CASE WHEN j = 1 THEN 0 ELSE (hash(f.i, j, $2, 'join') % 8)::INT END AS join_year,
           CASE WHEN j > 1 AND hash(f.i, j, $2, 'leave') % 3 = 0
                THEN f.start_year + 3 + (hash(f.i, j, $2, 'stay') % 10)::INT END AS leave_year,
           hash(f.i, j, $2, 'back') % 2 = 0 AS comes_back,
           list_element(['Maria', 'James', 'Wei', 'Fatima', 'Olga', 'Carlos', 'Priya', 'John', 'Aiko', 'Samuel'],
                        1 + (hash(f.i, j, $2, 'first') % 10)::INT) || ' ' ||
           list_element(['Garcia', 'Smith', 'Chen', 'Khan', 'Ivanova', 'Silva', 'Patel', 'Brown', 'Tanaka', 'Okafor'],
                        1 + (hash(f.i, j, $2, 'last') % 10)::INT) AS owner_name,
           list_element(['Chief Executive Officer', 'Chief Compliance Officer', 'Managing Member', 'Director',
                         'General Partner', 'Trustee'], 1 + (hash(f.i, j, $2, 'role') % 6)::INT) AS owner_role
    FROM firms f JOIN range(1, 8) o(j) ON j <= f.owner_count
)
SELECT 'F' || fl.crd_number || '-' || strftime(fl.filing_date, '%Y%m%d') || '-' || fl.amendment_no AS filing_id,
       fl.crd_number,
       fl.filing_date,
       fl.filing_date + (hash(fl.i, fl.y, fl.amendment_no, $2, 'pub') % 10)::INT AS published_date,
       fl.amendment_no,
       CASE WHEN fl.y >= fl.rename_year THEN fl.w1 || ' ' || fl.w3 || ' Advisors LP'
            ELSE fl.w1 || ' ' || fl.w2 || ' Capital Management LLC' END AS legal_name,
       CASE WHEN fl.y >= fl.rename_year THEN fl.w1 || ' ' || fl.w3 ELSE fl.w1 || ' ' || fl.w2 END AS business_name,
       'O' || fl.crd_number || '-' || o.j AS owner_key,
       o.owner_name,
       o.owner_role,
       list_element(['NA', 'A', 'B', 'C', 'D', 'E'], 1 + (hash(fl.i, o.j, fl.y // 5, $2, 'code') % 6)::INT) AS ownership_code
FROM filings fl
JOIN owners o ON o.i = fl.i
WHERE fl.y >= o.join_year
  AND (o.leave_year IS NULL OR fl.y < o.leave_year OR (o.comes_back AND fl.y >= o.leave_year + 2))
  AND fl.filing_date + (hash(fl.i, fl.y, fl.amendment_no, $2, 'pub') % 10)::INT <= $5
ORDER BY fl.crd_number, fl.filing_date, o.j
