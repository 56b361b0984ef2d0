package plan_test

import (
	"fmt"
	"os"

	"github.com/espresso-go/espresso/chess"
	"github.com/espresso-go/espresso/tablebase/plan"
)

// The plan of one five-piece table without pawns: its solve, its ten slices (the white
// king on the a8-d8-d5 triangle) and its assembly, in three waves.
func ExampleNew() {
	p, err := plan.New([]chess.Material{chess.MustParseMaterial("KQRvKR")}, plan.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	plan.Write(os.Stdout, p)
	// Output:
	// # tablebase plan, format 1
	// # materials: KQRvKR
	// # options: none
	// # expects: 12 jobs in 4 waves, 660 minutes one after the other, at most 2086 MiB a job
	// job	wave	kind	material	slice	memory_mib	minutes	after	output
	// 0	0	solve	KQRvKR	-	2086	120	-	values/KQRvKR.wdl2
	// 1	1	slice	KQRvKR	d5	1536	30	0	slices/KQRvKR/d5.slice
	// 2	2	slice	KQRvKR	a8	1536	30	0,1	slices/KQRvKR/a8.slice
	// 3	2	slice	KQRvKR	b8	1536	30	0,1	slices/KQRvKR/b8.slice
	// 4	2	slice	KQRvKR	c8	1536	30	0,1	slices/KQRvKR/c8.slice
	// 5	2	slice	KQRvKR	d8	1536	30	0,1	slices/KQRvKR/d8.slice
	// 6	2	slice	KQRvKR	b7	1536	30	0,1	slices/KQRvKR/b7.slice
	// 7	2	slice	KQRvKR	c7	1536	30	0,1	slices/KQRvKR/c7.slice
	// 8	2	slice	KQRvKR	d7	1536	30	0,1	slices/KQRvKR/d7.slice
	// 9	2	slice	KQRvKR	c6	1536	30	0,1	slices/KQRvKR/c6.slice
	// 10	2	slice	KQRvKR	d6	1536	30	0,1	slices/KQRvKR/d6.slice
	// 11	3	assemble	KQRvKR	-	896	240	1,2,3,4,5,6,7,8,9,10	KQRvKR.tbc
}
