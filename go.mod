module github.com/espresso-go/espresso

go 1.26
